import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startApp } from './support/app';
import { Client } from './support/client';

describe('OpenAPI', () => {
  let app: NestFastifyApplication;
  let client: Client;
  beforeAll(async () => {
    app = await startApp();
    client = new Client(app);
  });
  afterAll(() => app.close());

  it('serves the spec with every game route and each game\'s move and view schemas', async () => {
    const res = await client.http.get('/openapi.json').expect(200);
    const spec = res.body;
    expect(spec.openapi).toMatch(/^3\./);
    const games = (await client.http.get('/games').expect(200)).body.games.map((g: { id: string }) => g.id);
    for (const game of games) {
      for (const path of ['', '/{id}', '/{id}/moves', '/{id}/legal-moves', '/{id}/resign']) {
        expect(spec.paths).toHaveProperty([`/games/${game}/matches${path}`]);
      }
      const name = game[0].toUpperCase() + game.slice(1);
      expect(spec.components.schemas[`${name}Move`]).toBeDefined();
      expect(spec.components.schemas[`${name}View`]).toBeDefined();
      const moveBody = spec.paths[`/games/${game}/matches/{id}/moves`].post.requestBody.content['application/json'].schema;
      expect(moveBody.$ref).toBe(`#/components/schemas/${name}MoveRequest`);
      expect(spec.components.schemas[`${name}MoveRequest`].properties.move.$ref).toBe(`#/components/schemas/${name}Move`);
    }
    expect(spec.paths['/games']).toBeDefined();
    expect(spec.components.schemas.Error.properties.code.enum).toContain('VERSION_CONFLICT');
  });

  it('serves a browsable page at /docs', async () => {
    const res = await client.http.get('/docs').redirects(2);
    expect(res.status).toBe(200);
    expect(res.text).toContain('swagger');
  });
});
