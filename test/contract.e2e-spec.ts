import request from 'supertest';
import { createApp } from '../src/app';
import { configFromEnv } from '../src/common/config';
import { useApp } from './support/harness';
import { SpecChecker } from './support/spec-check';
import { SseClient, baseUrl } from './support/sse';

/** JSON text nesting `depth` arrays inside a move body. */
const deep = (depth: number): string => `{"move":${'['.repeat(depth)}${']'.repeat(depth)},"expectedVersion":0}`;

describe('the contract a third-party client relies on', () => {
  const h = useApp();

  describe('the spec check every e2e response goes through', () => {
    it('fails an undeclared status, a body off its schema, a missing declared header and an undocumented route', async () => {
      const spec = (await h.client.http.get('/openapi.json').expect(200)).body;
      const checker = new SpecChecker(spec);
      const { id } = await h.client.create('reversi', ['a', 'b']);
      const res = await h.client.get('reversi', id).expect(200);
      const seen = {
        method: 'GET',
        route: '/games/reversi/matches/:id',
        url: `/games/reversi/matches/${id}`,
        headers: res.headers,
        body: res.text,
      };
      expect(checker.check({ ...seen, status: 200 })).toEqual([]);
      expect(checker.check({ ...seen, status: 418 }).join()).toMatch(/status 418 is not declared/);
      expect(
        checker
          .check({ ...seen, status: 200, body: JSON.stringify({ ...res.body, outcome: { winners: [0] } }) })
          .join(),
      ).toMatch(/does not match the spec/);
      expect(checker.check({ ...seen, status: 200, body: JSON.stringify({ ...res.body, extra: 1 }) }).join()).toMatch(
        /does not match the spec/,
      );
      expect(checker.check({ ...seen, status: 200, headers: { ...res.headers, etag: undefined } }).join()).toMatch(
        /required header ETag is missing/,
      );
      expect(checker.check({ ...seen, status: 200, route: '/games/reversi/matches/:id/secret' }).join()).toMatch(
        /not in the spec/,
      );
      // A stream's events: a name the spec does not list, or one that is not its entry's type, fails.
      const route = '/games/reversi/matches/:id/events';
      const entry = { seq: 1, seat: 0, type: 'PlayerResigned', at: new Date().toISOString() };
      const frame = (event: string, type = event) => ({
        id: '1',
        event,
        data: JSON.stringify({ entry: { ...entry, type }, match: res.body }),
      });
      expect(checker.isStream(route)).toBe(true);
      expect(checker.checkStreamEvent(route, route, frame('PlayerResigned'))).toEqual([]);
      expect(checker.checkStreamEvent(route, route, frame('SeatLeft')).join()).toMatch(/does not match the spec/);
      expect(checker.checkStreamEvent(route, route, frame('TimedOut', 'PlayerResigned')).join()).toMatch(
        /its entry's type is PlayerResigned/,
      );
      expect(checker.check({ ...seen, route: undefined, status: 200 }).join()).toMatch(/no route matched/);
      expect(checker.check({ ...seen, route: undefined, status: 404 }).join()).toMatch(/does not match the spec/); // not an Error body
    });
  });

  describe('request schemas agree with the server', () => {
    it('refuses a body without a property the spec requires, and takes a resignation with no body at all', async () => {
      const spec = (await h.client.http.get('/openapi.json').expect(200)).body;
      const schemas = spec.components.schemas;
      const { id, seats } = await h.client.create('reversi', ['a', 'b']);
      const valid: Record<string, Record<string, unknown>> = {
        ReversiCreateMatchRequest: { players: [{ name: 'a' }, { name: 'b' }] },
        ReversiMoveRequest: { move: { square: 'd3' }, expectedVersion: 0 },
      };
      const paths: Record<string, string> = {
        ReversiCreateMatchRequest: '/games/reversi/matches',
        ReversiMoveRequest: `/games/reversi/matches/${id}/moves`,
      };
      for (const [name, body] of Object.entries(valid)) {
        expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(schemas[name].required));
        for (const field of schemas[name].required as string[]) {
          const { [field]: _dropped, ...without } = body;
          const res = await h.client.http
            .post(paths[name]!)
            .set('Authorization', `Bearer ${seats[0]!.token}`)
            .send(without);
          expect([name, field, res.status, res.body.code]).toEqual([name, field, 400, 'VALIDATION_FAILED']);
        }
      }
      const resign = spec.paths['/games/reversi/matches/{id}/resign'].post;
      expect(resign.requestBody.required).toBe(false);
      const done = await h.client.http
        .post(`/games/reversi/matches/${id}/resign`)
        .set('Authorization', `Bearer ${seats[1]!.token}`)
        .expect(200);
      expect(done.body.outcome).toEqual({ winners: [0], scores: [2, 2], reason: 'resigned', draw: false });
    });

    it("accepts exactly the bodies the spec allows (creation; a move's form)", async () => {
      const checker = new SpecChecker((await h.client.http.get('/openapi.json').expect(200)).body);
      const creates: unknown[] = [
        { players: [{ name: 'a' }, { name: 'b' }] },
        { players: [{ name: 'a' }, { name: 'b' }], options: {} },
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
        { players: [{ name: 'x'.repeat(40) }, { name: 'b' }] },
        { players: [{ name: 'x'.repeat(41) }, { name: 'b' }] },
        { players: [{ name: 'a' }, { name: 'b' }], extra: true },
      ];
      for (const body of creates) {
        const specOk = checker.checkRequest('POST', '/games/reversi/matches', body).length === 0;
        const res = await h.client.http.post('/games/reversi/matches').send(body as object);
        expect([body, specOk]).toEqual([body, res.status === 201]);
      }
      // Seat 1 is not to move at version 0: a body in the spec's form is refused for the turn (409), any other as malformed (400).
      const { id, seats } = await h.client.create('reversi', ['a', 'b']);
      const moves: unknown[] = [
        { move: { square: 'd3' }, expectedVersion: 0 },
        { move: { square: 'h8' }, expectedVersion: 0 },
        { move: { square: 'i9' }, expectedVersion: 0 },
        { move: { square: 'D3' }, expectedVersion: 0 },
        { move: { square: 'd3', pass: true }, expectedVersion: 0 },
        { move: {}, expectedVersion: 0 },
        { move: 'd3', expectedVersion: 0 },
        { move: { square: 'd3' }, expectedVersion: -1 },
        { move: { square: 'd3' }, expectedVersion: 0.5 },
        { move: { square: 'd3' }, expectedVersion: '0' },
        { move: { square: 'd3' }, expectedVersion: 0, extra: 1 },
        { expectedVersion: 0 },
      ];
      for (const body of moves) {
        const specOk = checker.checkRequest('POST', '/games/reversi/matches/{id}/moves', body).length === 0;
        const res = await h.client.http
          .post(`/games/reversi/matches/${id}/moves`)
          .set('Authorization', `Bearer ${seats[1]!.token}`)
          .send(body as object);
        expect([body, specOk]).toEqual([body, res.status === 409]);
        if (!specOk) expect(res.status).toBe(400);
      }
      expect(await h.db.eventCount(id)).toBe(0);
    });
  });

  describe('simultaneous phases', () => {
    it('Deblockle: both seats post their setup on version 0, one after the other, and both succeed', async () => {
      const { id, seats } = await h.client.create('deblockle', ['gold', 'blue']);
      const place = async (seat: number) =>
        (await h.client.legal('deblockle', id, seats[seat]!.token, '?limit=1').expect(200)).body.moves[0];
      const [p0, p1] = [await place(0), await place(1)];
      await h.client.move('deblockle', id, seats[0]!.token, p0, 0).expect(200);
      const second = await h.client.move('deblockle', id, seats[1]!.token, p1, 0).expect(200);
      expect(second.body).toMatchObject({ version: 2, view: { phase: 'play' } });
      const log = (await h.client.log('deblockle', id).expect(200)).body.entries;
      expect(log.map((e: { seat: number; move: unknown }) => [e.seat, e.move])).toEqual([
        [0, p0],
        [1, p1],
      ]);
      expect(await h.db.eventCount(id)).toBe(2);
    });

    it('still refuses a stale version once something the mover can see has happened', async () => {
      const { id, seats } = await h.client.create('deblockle', ['gold', 'blue']);
      const p0 = (await h.client.legal('deblockle', id, seats[0]!.token, '?limit=1').expect(200)).body.moves[0];
      const p1 = (await h.client.legal('deblockle', id, seats[1]!.token, '?limit=1').expect(200)).body.moves[0];
      await h.client.move('deblockle', id, seats[0]!.token, p0, 0).expect(200);
      await h.client.move('deblockle', id, seats[1]!.token, p1, 1).expect(200); // setup over: both placements shown
      const match = (await h.client.get('deblockle', id).expect(200)).body;
      const mover = match.toMove[0] as number;
      const turn = (await h.client.legal('deblockle', id, seats[mover]!.token).expect(200)).body.moves[0];
      const stale = await h.client.move('deblockle', id, seats[mover]!.token, turn, 1).expect(409);
      expect(stale.body).toMatchObject({ code: 'VERSION_CONFLICT', details: { currentVersion: 2 } });
      expect(await h.db.eventCount(id)).toBe(2);
    });
  });

  it('refuses a legal-moves cursor from before a move', async () => {
    const { id, seats } = await h.client.create('reversi', ['a', 'b']);
    const first = (await h.client.legal('reversi', id, seats[0]!.token, '?limit=1').expect(200)).body;
    expect(first.nextCursor).toBe('0:1');
    await h.client.legal('reversi', id, seats[0]!.token, `?limit=1&cursor=${first.nextCursor}`).expect(200);
    await h.client.move('reversi', id, seats[0]!.token, first.moves[0], 0).expect(200);
    const after = await h.client
      .legal('reversi', id, seats[0]!.token, `?limit=1&cursor=${first.nextCursor}`)
      .expect(409);
    expect(after.body).toMatchObject({ code: 'VERSION_CONFLICT', details: { currentVersion: 1 } });
    const bare = await h.client.legal('reversi', id, seats[0]!.token, '?cursor=1').expect(400);
    expect(bare.body.code).toBe('VALIDATION_FAILED');
  });

  describe('caching', () => {
    it('answers If-None-Match with 304 on the match, the log and the legal moves, for seats and spectators', async () => {
      const { id, seats } = await h.client.create('reversi', ['a', 'b']);
      await h.client.move('reversi', id, seats[0]!.token, { square: 'd3' }, 0).expect(200);
      const reads = [
        () => h.client.get('reversi', id, seats[1]!.token),
        () => h.client.get('reversi', id),
        () => h.client.log('reversi', id, seats[1]!.token),
        () => h.client.log('reversi', id),
        () => h.client.legal('reversi', id, seats[1]!.token),
      ];
      for (const read of reads) {
        const fresh = await read().expect(200);
        expect(fresh.headers).toMatchObject({ vary: 'Authorization', 'cache-control': 'private, no-cache' });
        const again = await read().set('If-None-Match', fresh.headers.etag as string);
        expect(again.status).toBe(304);
        expect(again.text).toBe('');
        expect(again.headers.etag).toBe(fresh.headers.etag);
        await read()
          .set('If-None-Match', `W/${fresh.headers.etag as string}`)
          .expect(304);
        await read().set('If-None-Match', '"0"').expect(200); // an older version
      }
      await h.client.move('reversi', id, seats[1]!.token, { square: 'c3' }, 1).expect(200);
      await h.client.get('reversi', id).set('If-None-Match', '"1"').expect(200); // the match moved on
    });

    it("never lets one viewer's ETag validate another viewer's copy", async () => {
      const { id, seats } = await h.client.create('qwirkle', ['a', 'b']);
      const seat0 = await h.client.get('qwirkle', id, seats[0]!.token).expect(200);
      const seat1 = await h.client.get('qwirkle', id, seats[1]!.token).expect(200);
      const spectator = await h.client.get('qwirkle', id).expect(200);
      expect(new Set([seat0.headers.etag, seat1.headers.etag, spectator.headers.etag]).size).toBe(3);
      const asSpectator = await h.client
        .get('qwirkle', id)
        .set('If-None-Match', seat0.headers.etag as string)
        .expect(200);
      expect(asSpectator.body.view.hand).toBeUndefined();
      await h.client
        .get('qwirkle', id, seats[1]!.token)
        .set('If-None-Match', seat0.headers.etag as string)
        .expect(200);
      const log0 = await h.client.log('qwirkle', id, seats[0]!.token).expect(200);
      await h.client
        .log('qwirkle', id)
        .set('If-None-Match', log0.headers.etag as string)
        .expect(200);
    });

    it('takes a per-viewer ETag as If-Match for a move', async () => {
      const { id, seats } = await h.client.create('reversi', ['a', 'b']);
      const etag = (await h.client.get('reversi', id, seats[0]!.token).expect(200)).headers.etag as string;
      const moved = await h.client.http
        .post(`/games/reversi/matches/${id}/moves`)
        .set('Authorization', `Bearer ${seats[0]!.token}`)
        .set('If-Match', etag)
        .send({ move: { square: 'd3' } })
        .expect(200);
      expect(moved.body.version).toBe(1);
    });
  });

  describe('browsers (CORS)', () => {
    it('answers a preflight for a move from any origin by default, and exposes the headers a client reads', async () => {
      const pre = await h.client.http
        .options('/games/reversi/matches/00000000-0000-0000-0000-000000000000/moves')
        .set('Origin', 'https://app.example')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization, content-type, idempotency-key, if-match');
      expect(pre.status).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe('*');
      expect(pre.headers['access-control-allow-methods']).toContain('POST');
      // Every method a route answers is allowed: a page on another origin can cancel its seek.
      const cancel = await h.client.http
        .options('/seeks/00000000-0000-0000-0000-000000000000')
        .set('Origin', 'https://app.example')
        .set('Access-Control-Request-Method', 'DELETE')
        .set('Access-Control-Request-Headers', 'authorization');
      expect(cancel.status).toBe(204);
      expect(cancel.headers['access-control-allow-methods']).toContain('DELETE');
      for (const header of ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-Match'])
        expect(pre.headers['access-control-allow-headers']).toContain(header);
      const get = await h.client.http.get('/games').set('Origin', 'https://app.example').expect(200);
      expect(get.headers['access-control-allow-origin']).toBe('*');
      expect(get.headers['access-control-expose-headers']).toContain('ETag');
    });

    it('lets a browser resume a stream with Last-Event-ID, and read ETag, Retry-After and the rate-limit headers', async () => {
      const { id } = await h.client.create('reversi', ['a', 'b']);
      const pre = await h.client.http
        .options(`/games/reversi/matches/${id}/events`)
        .set('Origin', 'https://app.example')
        .set('Access-Control-Request-Method', 'GET')
        .set('Access-Control-Request-Headers', 'authorization, last-event-id');
      expect(pre.status).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe('*');
      const allowed = String(pre.headers['access-control-allow-headers']).toLowerCase().split(/, */);
      expect(allowed).toEqual(expect.arrayContaining(['authorization', 'last-event-id']));
      const get = await h.client.get('reversi', id).set('Origin', 'https://app.example').expect(200);
      const exposed = String(get.headers['access-control-expose-headers']).split(/, */);
      expect(exposed).toEqual(
        expect.arrayContaining([
          'ETag',
          'Retry-After',
          'RateLimit-Limit',
          'RateLimit-Remaining',
          'RateLimit-Reset',
          'RateLimit-Policy',
        ]),
      );
      // Every header exposed under a RateLimit name is one the server sends (here, with limits on).
      const limited = await createApp(
        { ...configFromEnv(), databaseUrl: process.env.DATABASE_URL, rateLimitPerMinute: 100 },
        ['error'],
      );
      await limited.init();
      await limited.getHttpAdapter().getInstance().ready();
      try {
        const res = await request(limited.getHttpServer())
          .get('/games')
          .set('Origin', 'https://app.example')
          .expect(200);
        const sent = Object.keys(res.headers).filter((k) => k.startsWith('ratelimit'));
        expect(sent.sort()).toEqual(
          exposed
            .filter((e) => e.startsWith('RateLimit'))
            .map((e) => e.toLowerCase())
            .sort(),
        );
      } finally {
        await limited.close();
      }
      // A stream, written past Fastify, carries the CORS headers too.
      const url = await baseUrl(h.app);
      const stream = await SseClient.open(`${url}/games/reversi/matches/${id}/events`, {
        origin: 'https://app.example',
      });
      expect(stream.status).toBe(200);
      expect(stream.res.headers['access-control-allow-origin']).toBe('*');
      stream.close();
    });

    it('answers only the origins in CORS_ORIGINS when it is set', async () => {
      const corsOrigins = configFromEnv({ CORS_ORIGINS: 'https://a.example, https://b.example' }).corsOrigins;
      expect(corsOrigins).toEqual(['https://a.example', 'https://b.example']);
      expect(configFromEnv({ CORS_ORIGINS: '' }).corsOrigins).toEqual([]);
      expect(() => configFromEnv({ CORS_ORIGINS: 'a.example' })).toThrow(/CORS_ORIGINS/);
      const app = await createApp({ ...configFromEnv(), databaseUrl: process.env.DATABASE_URL, corsOrigins }, [
        'error',
      ]);
      await app.init();
      await app.getHttpAdapter().getInstance().ready();
      try {
        const http = request(app.getHttpServer());
        const ok = await http
          .options('/games')
          .set('Origin', 'https://b.example')
          .set('Access-Control-Request-Method', 'GET');
        expect(ok.headers['access-control-allow-origin']).toBe('https://b.example');
        const other = await http.get('/games').set('Origin', 'https://evil.example').expect(200);
        expect(other.headers['access-control-allow-origin']).toBeUndefined();
        const created = await http
          .post('/games/reversi/matches')
          .send({ players: [{ name: 'a' }, { name: 'b' }] })
          .expect(201);
        const match = await http
          .get(`/games/reversi/matches/${created.body.id}`)
          .set('Origin', 'https://a.example')
          .expect(200);
        expect(match.headers['access-control-allow-origin']).toBe('https://a.example');
        expect((match.headers.vary as string).split(/, */).sort()).toEqual(['Authorization', 'Origin']);
      } finally {
        await app.close();
      }
    });
  });

  describe('edges', () => {
    it('matches the Bearer scheme case-insensitively', async () => {
      const { id, seats } = await h.client.create('reversi', ['a', 'b']);
      for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
        const res = await h.client.get('reversi', id).set('Authorization', `${scheme} ${seats[1]!.token}`).expect(200);
        expect(res.body.you).toBe(1);
      }
      await h.client.http
        .post(`/games/reversi/matches/${id}/moves`)
        .set('Authorization', `bearer ${seats[0]!.token}`)
        .send({ move: { square: 'd3' }, expectedVersion: 0 })
        .expect(200);
      const basic = await h.client.get('reversi', id).set('Authorization', `Basic ${seats[1]!.token}`).expect(401);
      expect(basic.body.code).toBe('UNAUTHENTICATED');
    });

    it.each([2000, 10000])('answers JSON nested %i deep with 400 on every route, and writes nothing', async (depth) => {
      const { id, seats } = await h.client.create('reversi', ['a', 'b']);
      const body = deep(depth);
      const posts = [
        '/games/reversi/matches',
        `/games/reversi/matches/${id}/moves`,
        `/games/reversi/matches/${id}/resign`,
        '/games/qwirkle/matches',
        '/no/such/route',
      ];
      for (const path of posts) {
        const res = await h.client.http
          .post(path)
          .set('Authorization', `Bearer ${seats[0]!.token}`)
          .set('Content-Type', 'application/json')
          .send(body);
        expect([path, res.status, res.body.code, res.body.reason]).toEqual([
          path,
          400,
          'VALIDATION_FAILED',
          'json/too-deep',
        ]);
      }
      const create = `{"players":[{"name":"a"},{"name":"b"}],"options":${'{"x":'.repeat(depth)}1${'}'.repeat(depth)}}`;
      const res = await h.client.http
        .post('/games/deblockle/matches')
        .set('Content-Type', 'application/json')
        .send(create);
      expect([res.status, res.body.reason]).toEqual([400, 'json/too-deep']);
      for (const path of [
        '/games',
        `/games/reversi/matches/${id}`,
        `/games/reversi/matches/${id}/moves`,
        `/games/reversi/matches/${id}/legal-moves`,
      ]) {
        const get = await h.client.http
          .get(path)
          .set('Authorization', `Bearer ${seats[0]!.token}`)
          .set('Content-Type', 'application/json')
          .send(body);
        expect([path, get.status < 500]).toEqual([path, true]);
      }
      expect(await h.db.eventCount(id)).toBe(0);
    });

    it('takes bodies nested up to the documented limit', async () => {
      const { id, seats } = await h.client.create('split', ['a', 'b']);
      const at = (depth: number) =>
        `{"move":{"type":"lastMelds","matches":${'['.repeat(depth - 2)}${']'.repeat(depth - 2)}},"expectedVersion":0}`;
      const ok = await h.client.http
        .post(`/games/split/matches/${id}/moves`)
        .set('Authorization', `Bearer ${seats[0]!.token}`)
        .set('Content-Type', 'application/json')
        .send(at(32));
      expect(ok.body.reason).not.toBe('json/too-deep');
      const over = await h.client.http
        .post(`/games/split/matches/${id}/moves`)
        .set('Authorization', `Bearer ${seats[0]!.token}`)
        .set('Content-Type', 'application/json')
        .send(at(33));
      expect(over.body.reason).toBe('json/too-deep');
    });
  });
});
