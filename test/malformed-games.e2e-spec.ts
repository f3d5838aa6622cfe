import fc from 'fast-check';
import { useApp } from './support/harness';

const GAMES: [string, string[]][] = [['reversi', ['a', 'b']], ['qwirkle', ['a', 'b', 'c']], ['deblockle', ['a', 'b']], ['split', ['a', 'b', 'c']]];

/** Every game's endpoints, fed random input: a 4xx with a code every time, never a 500, never a write. */
describe.each(GAMES)('%s refuses malformed input without a 500 or a write', (game, names) => {
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
          fc.record({ move: fc.dictionary(fc.constantFrom('type', 'tiles', 'cards', 'from', 'tip', 'to', 'square', 'index', 'card', 'blocks', 'x'), fc.jsonValue()), expectedVersion: fc.constant(0) }),
        ),
        async (body) => {
          const res = await h.client.http.post(`/games/${game}/matches/${match.id}/moves`).set('Authorization', `Bearer ${match.token}`)
            .set('Content-Type', 'application/json').send(JSON.stringify(body));
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
        const res = await h.client.http.post(`/games/${game}/matches`).send({ players: names.map((name) => ({ name })), options });
        expect([201, 400]).toContain(res.status);
        if (res.status === 400) expect(res.body.code).toMatch(/^(INVALID_OPTIONS|VALIDATION_FAILED)$/);
      }),
      { numRuns: 40 },
    );
  });

  it('on query parameters', async () => {
    for (const q of ['?limit=0', '?limit=abc', '?limit=100000', '?cursor=-1', '?cursor=x', '?limit=1.5', '?after=-3', '?extra=1']) {
      const legal = await h.client.http.get(`/games/${game}/matches/${match.id}/legal-moves${q}`).set('Authorization', `Bearer ${match.token}`);
      const log = await h.client.http.get(`/games/${game}/matches/${match.id}/moves${q}`);
      for (const res of [legal, log]) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
    }
  });
});
