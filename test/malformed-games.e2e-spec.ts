import fc from 'fast-check';
import { GAMES } from '../src/games/games';
import { useApp } from './support/harness';

/** Every property name a schema mentions, at any depth: the fields a fuzzed move is built from. */
function fieldNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((s) => fieldNames(s, out));
  else if (schema && typeof schema === 'object') {
    for (const [k, v] of Object.entries(schema)) {
      if (k === 'properties' && v && typeof v === 'object') Object.keys(v).forEach((name) => out.add(name));
      fieldNames(v, out);
    }
  }
  return out;
}

/** Whether a join body is well-formed: a 1–40 character name and, if given, a seat that exists. */
function joinable(body: unknown, seats: number): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const { name, seat, ...rest } = body as Record<string, unknown>;
  const nameOk = typeof name === 'string' && name.length >= 1 && name.length <= 40 && !/\p{C}/u.test(name);
  const seatOk = seat === undefined || (Number.isInteger(seat) && (seat as number) >= 0 && (seat as number) < seats);
  return Object.keys(rest).length === 0 && nameOk && seatOk;
}

/** From the game registry, so no game can be left out: id, up to 3 seat names, and its move's field names. */
const CASES = GAMES.map(
  ({ engine, schemas }) =>
    [engine.id, ['a', 'b', 'c'].slice(0, Math.min(3, engine.seats.max)), [...fieldNames(schemas.move)]] as const,
);

/** Every game's endpoints, fed random input: a 4xx with a code every time, never a 500, never a write. */
describe.each(CASES)('%s refuses malformed input without a 500 or a write', (game, names, fields) => {
  const h = useApp();
  let match: { id: string; token: string };

  beforeAll(async () => {
    const m = await h.client.create(game, names);
    const mover = (m.body.toMove as number[])[0] as number;
    match = { id: m.id, token: m.seats[mover]!.token };
  });

  it('on moves (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ move: fc.jsonValue(), expectedVersion: fc.constant(0) }),
          fc.record({
            move: fc.dictionary(fc.constantFrom(...fields, 'x'), fc.jsonValue()),
            expectedVersion: fc.constant(0),
          }),
        ),
        async (body) => {
          const res = await h.client.http
            .post(`/games/${game}/matches/${match.id}/moves`)
            .set('Authorization', `Bearer ${match.token}`)
            .set('Content-Type', 'application/json')
            .send(JSON.stringify(body));
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(typeof res.body.code).toBe('string');
        },
      ),
      { numRuns: 60 },
    );
    expect(await h.db.eventCount(match.id)).toBe(0);
  });

  it('on creation options (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue(), { minKeys: 1 }), async (options) => {
        const res = await h.client.http
          .post(`/games/${game}/matches`)
          .send({ players: names.map((name) => ({ name })), options });
        expect([201, 400]).toContain(res.status);
        if (res.status === 400) expect(res.body.code).toMatch(/^(INVALID_OPTIONS|VALIDATION_FAILED)$/);
      }),
      { numRuns: 40 },
    );
  });

  it('on joins, rematches and seat-token requests (property)', async () => {
    const open = await h.client.http
      .post(`/games/${game}/matches`)
      .send({ players: names.map((name, i) => (i === 0 ? { name } : { open: true })) })
      .expect(201);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue(),
          fc.record({ name: fc.jsonValue(), seat: fc.jsonValue() }, { requiredKeys: [] }),
          fc.record({ seat: fc.integer({ min: -5, max: 40 }) }),
        ),
        fc.constantFrom('join', 'rematch', 'seat-token'),
        fc.constantFrom(undefined, 'Bearer tbp_nobody', 'Bearer tbs_nobody', 'Basic abc'),
        async (body, route, auth) => {
          fc.pre(!(route === 'join' && auth === undefined && joinable(body, names.length))); // a well-formed join without a key succeeds
          const r = h.client.http
            .post(`/games/${game}/matches/${open.body.id}/${route}`)
            .set('Content-Type', 'application/json');
          if (auth) r.set('Authorization', auth);
          const res = await r.send(JSON.stringify(body));
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(typeof res.body.code).toBe('string');
        },
      ),
      { numRuns: 60 },
    );
    expect(await h.db.eventCount(open.body.id)).toBe(0);
  });

  it("on the lobby's query parameters", async () => {
    for (const q of [
      '?status=open',
      '?status=',
      '?limit=0',
      '?limit=201',
      '?cursor=x',
      '?cursor=' + 'A'.repeat(300),
      '?extra=1',
      '?status=waiting&limit=abc',
    ]) {
      const res = await h.client.http.get(`/games/${game}/matches${q}`);
      expect([q, res.status, res.body.code]).toEqual([q, 400, 'VALIDATION_FAILED']);
    }
  });

  it('on query parameters', async () => {
    for (const q of [
      '?limit=0',
      '?limit=abc',
      '?limit=100000',
      '?cursor=-1',
      '?cursor=x',
      '?limit=1.5',
      '?after=-3',
      '?extra=1',
    ]) {
      const legal = await h.client.http
        .get(`/games/${game}/matches/${match.id}/legal-moves${q}`)
        .set('Authorization', `Bearer ${match.token}`);
      const log = await h.client.http.get(`/games/${game}/matches/${match.id}/moves${q}`);
      for (const res of [legal, log]) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
    }
  });
});
