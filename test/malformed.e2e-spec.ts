import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import fc from 'fast-check';
import { startApp } from './support/app';
import { Client, Db } from './support/client';

describe('malformed input never gives a 500 or a write', () => {
  let app: NestFastifyApplication;
  let client: Client;
  let db: Db;
  let match: { id: string; token: string };

  beforeAll(async () => {
    app = await startApp();
    client = new Client(app);
    db = new Db();
    const m = await client.create('reversi', ['a', 'b']);
    match = { id: m.id, token: m.seats[0]!.token };
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const post = (body: string | object, contentType = 'application/json') =>
    client.http
      .post(`/games/reversi/matches/${match.id}/moves`)
      .set('Authorization', `Bearer ${match.token}`)
      .set('Content-Type', contentType)
      .send(typeof body === 'string' ? body : JSON.stringify(body));

  const cases: [string, string | object, number, string][] = [
    ['move as a string', { move: 'd3', expectedVersion: 0 }, 400, 'VALIDATION_FAILED'],
    ['square as a number', { move: { square: 5 }, expectedVersion: 0 }, 400, 'MALFORMED_MOVE'],
    ['version as a string', { move: { square: 'd3' }, expectedVersion: '0' }, 400, 'VALIDATION_FAILED'],
    ['negative version', { move: { square: 'd3' }, expectedVersion: -1 }, 400, 'VALIDATION_FAILED'],
    ['fractional version', { move: { square: 'd3' }, expectedVersion: 0.5 }, 400, 'VALIDATION_FAILED'],
    ['unknown top-level field', { move: { square: 'd3' }, expectedVersion: 0, pass: true }, 400, 'VALIDATION_FAILED'],
    ['unknown move field', { move: { square: 'd3', colour: 'B' }, expectedVersion: 0 }, 400, 'MALFORMED_MOVE'],
    ['square off the board', { move: { square: 'i9' }, expectedVersion: 0 }, 400, 'MALFORMED_MOVE'],
    ['empty square', { move: { square: '' }, expectedVersion: 0 }, 400, 'MALFORMED_MOVE'],
    ['square with spaces', { move: { square: 'd3 ' }, expectedVersion: 0 }, 400, 'MALFORMED_MOVE'],
    ['no move', { expectedVersion: 0 }, 400, 'VALIDATION_FAILED'],
    ['an array body', [1, 2, 3], 400, 'VALIDATION_FAILED'],
    ['null body', 'null', 400, 'VALIDATION_FAILED'],
    ['bad JSON', '{"move": {"square": "d3"', 400, 'VALIDATION_FAILED'],
    [
      'proto pollution',
      '{"move": {"square": "d3"}, "expectedVersion": 0, "__proto__": {"admin": true}}',
      400,
      'VALIDATION_FAILED',
    ],
    ['a huge body', { move: { square: 'd3', pad: 'x'.repeat(200_000) }, expectedVersion: 0 }, 413, 'PAYLOAD_TOO_LARGE'],
    [
      'a huge array',
      { move: { square: Array.from({ length: 5000 }, () => 'd3') }, expectedVersion: 0 },
      400,
      'MALFORMED_MOVE',
    ],
  ];

  it.each(cases)('%s', async (_name, body, status, code) => {
    const res = await post(body);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ statusCode: status, code });
    expect(typeof res.body.message).toBe('string');
  });

  it('refuses a non-JSON content type', async () => {
    const res = await post('square=d3', 'application/x-www-form-urlencoded');
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const text = await post('d3', 'text/plain');
    expect(text.status).toBe(415);
    expect(text.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers bad ids and unknown routes with 404', async () => {
    for (const id of ['not-a-uuid', "1' OR '1'='1", '00000000-0000-0000-0000-000000000000', 'x'.repeat(300)]) {
      const res = await client.http.get(`/games/reversi/matches/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('MATCH_NOT_FOUND');
    }
    const route = await client.http.get('/games/chess/matches').expect(404);
    expect(route.body.code).toBe('NOT_FOUND');
  });

  it('refuses bad creation requests with 400', async () => {
    const bodies: unknown[] = [
      {},
      { players: [] },
      { players: [{ name: 'solo' }] },
      { players: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] },
      { players: 'ann,bob' },
      { players: [{ name: '' }, { name: 'b' }] },
      { players: [{ name: 5 }, { name: 'b' }] },
      { players: [{ name: 'a', role: 'x' }, { name: 'b' }] },
      { players: [{ name: 'a' }, { name: 'b' }], options: { size: 10 } },
      { players: [{ name: 'a' }, { name: 'b' }], options: 'fast' },
      { players: [{ name: 'a\u0000' }, { name: 'b' }] },
    ];
    for (const body of bodies) {
      const res = await client.http.post('/games/reversi/matches').send(body as object);
      expect([res.status, res.body.code]).toEqual([
        400,
        expect.stringMatching(/^(VALIDATION_FAILED|INVALID_OPTIONS)$/),
      ]);
    }
  });

  it('never answers random bodies with a 500 or a write (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ move: fc.jsonValue(), expectedVersion: fc.jsonValue() }, { requiredKeys: [] }),
          fc.record({
            move: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue()),
            expectedVersion: fc.integer(),
          }),
          fc.record({
            move: fc.record({ square: fc.string({ maxLength: 4 }) }),
            expectedVersion: fc.integer({ min: -2, max: 3 }),
          }),
        ),
        async (body) => {
          const before = await db.eventCount(match.id);
          const res = await post(JSON.stringify(body));
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(typeof res.body.code).toBe('string');
          expect(await db.eventCount(match.id)).toBe(before);
        },
      ),
      { numRuns: 150 },
    );
  });

  // Last, so it sees every request above: none of them wrote anything (in a test, not in afterAll, so it counts).
  it('wrote no event for any of the malformed requests above', async () => {
    expect(await db.eventCount(match.id)).toBe(0);
  });
});
