import { type QwirkleState, type QwirkleView, qwirkleEngine } from '../src/engine/qwirkle';
import { keysOf, unrevealed, useApp } from './support/harness';
import { playRandomly } from './support/playout';
import { sameItems, truthOf } from './support/truth';

/** Where a Qwirkle secret would show if it leaked: a key for all hands, the PRNG, the seed, or a bag that is not a count. */
function secretKeysIn(x: unknown): string[] {
  const keys = keysOf(x);
  const found = ['hands', 'rng', 'seed'].filter((k) => keys.has(k));
  const bags: unknown[] = [];
  JSON.stringify(x, (k, v) => (k === 'bag' && bags.push(v), v));
  if (bags.some((b) => typeof b !== 'number')) found.push('bag');
  return found;
}

type Tile = { color: string; shape: string };
const tileOf = (t: Tile) => ({ color: t.color, shape: t.shape });

describe('Qwirkle over HTTP', () => {
  const h = useApp();

  it('plays a full 3-player match with random legal moves; each seat sees exactly its own hand, nothing else secret', async () => {
    const { id, seats } = await h.client.create('qwirkle', ['ann', 'bob', 'cy']);
    const { final, moves } = await playRandomly(h.client, 'qwirkle', id, seats, {
      seed: 'qwirkle-e2e',
      maxMoves: 1500,
      onStep: async ({ bySeat, spectator }) => {
        const { state, seed } = await truthOf<QwirkleState>(h.db, qwirkleEngine, id);
        for (const [seat, body] of bySeat.entries()) {
          const view = body.view as QwirkleView;
          expect(sameItems((view.hand ?? []).map(tileOf), (state.hands[seat] ?? []).map(tileOf))).toBe(true);
          expect(view.handCounts).toEqual(state.hands.map((h) => h.length));
          expect(view.bag).toBe(state.bag.length);
          if (state.turns === 0) {
            expect(view.openingSizes?.[seat]).toBe(state.openingSizes[seat]);
            expect(view.openingSizes?.filter((x) => x !== null)).toHaveLength(1);
          }
          expect(JSON.stringify(unrevealed(body))).not.toContain(seed);
          expect(secretKeysIn(unrevealed(body))).toEqual([]);
        }
        expect('hand' in (spectator.view as object)).toBe(false);
        expect(JSON.stringify(unrevealed(spectator))).not.toContain(seed);
        // Tiles are conserved: hands, grid and bag always total 108.
        expect(state.board.length + state.bag.length + state.hands.reduce((n, h) => n + h.length, 0)).toBe(108);
      },
      onResponse: (_seat, body) => expect(secretKeysIn(unrevealed(body))).toEqual([]),
    });
    expect(moves).toBeGreaterThan(20);
    expect(final.status).toBe('finished');
    const outcome = final.outcome as { winners: number[]; scores: number[]; reason: string };
    expect(outcome.reason).toMatch(/^qwirkle\//);

    // Each final score is the sum of that seat's move scores in the log, plus the end bonus.
    const log = (await h.client.log('qwirkle', id, undefined, '?limit=1000').expect(200)).body;
    const sums = [0, 0, 0];
    type Effects = { points?: number; bonus?: number; drawn?: unknown; count?: number };
    for (const e of log.entries as { seat: number; move: { type: string; tiles?: unknown }; effects: Effects }[]) {
      if (e.move.type === 'place')
        sums[e.seat] = (sums[e.seat] ?? 0) + (e.effects.points ?? 0) + (e.effects.bonus ?? 0);
      else {
        expect(e.move.tiles).toBeUndefined(); // a spectator sees how many tiles were exchanged, not which
        expect(e.effects.count).toBeGreaterThan(0);
      }
      expect(e.effects.drawn).toBeUndefined();
    }
    expect(outcome.scores).toEqual(sums);
    expect((final.view as QwirkleView).scores).toEqual(sums);

    // A seat's own log shows what it drew; another seat's shows only how many.
    const own = (await h.client.log('qwirkle', id, seats[0]!.token, '?limit=1000').expect(200)).body.entries as {
      seat: number;
      effects: { drawn?: unknown; drew?: number };
    }[];
    for (const e of own) {
      if (e.seat === 0) expect(Array.isArray(e.effects.drawn)).toBe(true);
      else expect(e.effects.drawn).toBeUndefined();
    }
  });

  it('lists legal moves in pages and says whether the seat can place and exchange', async () => {
    const { id, seats } = await h.client.create('qwirkle', ['ann', 'bob']);
    const match = (await h.client.get('qwirkle', id).expect(200)).body as { toMove: number[] };
    const token = seats[match.toMove[0]!]!.token;
    const page = (await h.client.legal('qwirkle', id, token, '?limit=5').expect(200)).body;
    expect(page.moves.length).toBeGreaterThan(0);
    expect(page.moves.length).toBeLessThanOrEqual(5);
    expect(typeof page.canPlace).toBe('boolean');
    expect(typeof page.canExchange).toBe('boolean');
    // The deal is fixed (test/support/app.ts), and this one's opening has more than five placements.
    expect(page.nextCursor).not.toBeNull();
    const next = (await h.client.legal('qwirkle', id, token, `?limit=5&cursor=${page.nextCursor}`).expect(200)).body;
    expect(next.moves).not.toEqual(page.moves);
  });

  it('refuses bad moves with a clear 4xx and writes nothing', async () => {
    const { id, seats } = await h.client.create('qwirkle', ['ann', 'bob']);
    const match = (await h.client.get('qwirkle', id).expect(200)).body as { toMove: number[]; version: number };
    const seat = match.toMove[0]!;
    const token = seats[seat]!.token;
    const me = (await h.client.get('qwirkle', id, token).expect(200)).body.view as QwirkleView;
    const hand = me.hand as Tile[];
    const size = me.openingSizes?.[seat] as number;
    const notHeld = ['red', 'orange', 'yellow', 'green', 'blue', 'purple']
      .flatMap((color) =>
        ['circle', 'square', 'diamond', 'clover', 'star4', 'star8'].map((shape) => ({ color, shape })),
      )
      .find((t) => !hand.some((h) => h.color === t.color && h.shape === t.shape)) as Tile;
    const refuse = async (move: unknown, status: number, code: string, reason?: string) => {
      const res = await h.client.move('qwirkle', id, token, move, match.version);
      expect([res.status, res.body.code, ...(reason ? [res.body.reason] : [])]).toEqual([
        status,
        code,
        ...(reason ? [reason] : []),
      ]);
    };
    await refuse({ type: 'place', tiles: [{ ...notHeld, x: 0, y: 0 }] }, 422, 'ILLEGAL_MOVE', 'qwirkle/tiles-not-held');
    if (size > 1)
      await refuse(
        { type: 'place', tiles: [{ ...hand[0], x: 0, y: 0 }] },
        422,
        'ILLEGAL_MOVE',
        'qwirkle/wrong-opening-size',
      );
    await refuse({ type: 'place', tiles: [{ color: 'pink', shape: 'circle', x: 0, y: 0 }] }, 400, 'MALFORMED_MOVE');
    await refuse({ type: 'place', tiles: [{ ...hand[0], x: 0.5, y: 0 }] }, 400, 'MALFORMED_MOVE');
    await refuse({ type: 'exchange', tiles: [] }, 400, 'MALFORMED_MOVE');
    await refuse(
      {
        type: 'place',
        tiles: [
          { ...hand[0], x: 0, y: 0 },
          { ...hand[1], x: 1, y: 1 },
        ],
      },
      422,
      'ILLEGAL_MOVE',
    );
    const other = await h.client.move(
      'qwirkle',
      id,
      seats[1 - seat]!.token,
      { type: 'exchange', tiles: [hand[0]] },
      match.version,
    );
    expect(other.body.code).toBe('NOT_YOUR_TURN');
    expect(await h.db.eventCount(id)).toBe(0);
  });
});
