import { type SplitState, type SplitView, splitEngine } from '../src/engine/split';
import { keysOf, unrevealed, useApp } from './support/harness';
import { playRandomly } from './support/playout';
import { sameItems, truthOf } from './support/truth';

/** Keys that would carry the secret parts of a Split state if they ever leaked. */
const SECRET_KEYS = ['hands', 'pile', 'rng', 'seed'];

describe('Split over HTTP', () => {
  const h = useApp();

  it('plays a full 3-round, 3-player match with random legal moves, each seat seeing only its own hand', async () => {
    const { id, seats } = await h.client.create('split', ['ann', 'bob', 'cy']);
    let steps = 0;
    const roundsSeen = new Set<number>();
    const { final, moves } = await playRandomly(h.client, 'split', id, seats, {
      seed: 'split-e2e',
      maxMoves: 3000,
      onStep: async ({ bySeat, spectator }) => {
        const { state, seed } = await truthOf<SplitState>(h.db, splitEngine, id);
        steps++;
        roundsSeen.add((spectator.view as SplitView).round);
        for (const [seat, body] of bySeat.entries()) {
          const view = body.view as SplitView;
          expect(body.you).toBe(seat);
          expect(sameItems(view.hand ?? [], state.hands[seat] ?? [])).toBe(true);
          expect(view.handCounts).toEqual(state.hands.map((h) => h.length));
          expect(view.drawPile).toBe(state.pile.length);
          const text = JSON.stringify(unrevealed(body));
          expect(text).not.toContain(seed);
          for (const k of SECRET_KEYS) expect(keysOf(unrevealed(body)).has(k)).toBe(false);
        }
        expect('hand' in (spectator.view as object)).toBe(false);
        expect(JSON.stringify(unrevealed(spectator))).not.toContain(seed);
      },
      onResponse: (_seat, body) => {
        for (const k of SECRET_KEYS) expect(keysOf(unrevealed(body)).has(k)).toBe(false);
      },
    });
    expect(moves).toBeGreaterThan(30);
    expect(steps).toBe(moves + 1);
    expect([...roundsSeen].sort()).toEqual([1, 2, 3]);
    expect(final.status).toBe('finished');
    const view = final.view as SplitView;
    const outcome = final.outcome as { winners: number[]; scores: number[] };
    expect(outcome.scores).toEqual(view.sheets.map((s) => s.total));
    const best = Math.max(...outcome.scores);
    expect(outcome.winners).toEqual(outcome.scores.flatMap((s, i) => (s === best ? [i] : [])));

    // The log hides a card drawn from the pile from everyone but the drawer.
    let ownDraws = 0;
    let othersDraws = 0;
    for (const viewer of [0, 1, 2]) {
      const log = (await h.client.log('split', id, seats[viewer]!.token, '?limit=1000').expect(200)).body;
      for (const e of log.entries as { seat: number; effects: { drawn?: unknown } }[]) {
        if (e.effects.drawn === undefined) continue;
        if (e.seat === viewer) {
          expect(Array.isArray(e.effects.drawn)).toBe(true);
          ownDraws++;
        } else {
          expect(typeof e.effects.drawn).toBe('number');
          othersDraws++;
        }
      }
    }
    expect(ownDraws).toBeGreaterThan(0);
    expect(othersDraws).toBe(ownDraws * 2);
  });

  it('refuses bad moves with a clear 4xx and writes nothing', async () => {
    const { id, seats } = await h.client.create('split', ['ann', 'bob', 'cy']);
    const first = (await h.client.get('split', id).expect(200)).body as { toMove: number[]; version: number };
    const seat = first.toMove[0]!;
    const token = seats[seat]!.token;
    const mine = ((await h.client.get('split', id, token).expect(200)).body.view as SplitView).hand as string[];
    const expectRefusal = async (move: unknown, status: number, code: string, reason?: string) => {
      const res = await h.client.move('split', id, token, move, first.version);
      expect([res.status, res.body.code, res.body.reason]).toEqual([status, code, reason ?? res.body.reason]);
    };
    await expectRefusal({ type: 'discard', card: mine[0] }, 422, 'ILLEGAL_MOVE', 'split/draw-first');
    await expectRefusal({ type: 'match', cards: [mine[0], mine[1]] }, 422, 'ILLEGAL_MOVE', 'split/draw-first');
    await expectRefusal({ type: 'take', index: 99 }, 422, 'ILLEGAL_MOVE', 'split/no-such-card-in-row');
    await expectRefusal({ type: 'draw', extra: 1 }, 400, 'MALFORMED_MOVE');
    await expectRefusal({ type: 'discard', card: 'ZZ' }, 400, 'MALFORMED_MOVE');
    await h.client.move('split', id, token, { type: 'draw' }, first.version).expect(200);
    const again = await h.client.move('split', id, token, { type: 'draw' }, first.version + 1);
    expect([again.status, again.body.reason]).toEqual([422, 'split/already-drew']);
    const hand = ((await h.client.get('split', id, token).expect(200)).body.view as SplitView).hand as string[];
    const notHeld = ['AS', 'AC', 'AH', 'AD', '2S', '2C', '2H', '2D', '3S', '3C', '4S'].find(
      (c) => !hand.includes(c),
    ) as string;
    const held = await h.client.move('split', id, token, { type: 'discard', card: notHeld }, first.version + 1);
    expect([held.status, held.body.code, held.body.reason]).toEqual([422, 'ILLEGAL_MOVE', 'split/card-not-held']);
    const rankOf = (c: string) => c.slice(0, -1);
    const a = hand[0] as string;
    const b = hand.find((c) => rankOf(c) !== rankOf(a)) as string; // 10 cards cannot all share one rank (8 exist)
    const mixed = await h.client.move('split', id, token, { type: 'match', cards: [a, b] }, first.version + 1);
    expect([mixed.status, mixed.body.code, mixed.body.reason]).toEqual([422, 'ILLEGAL_MOVE', 'split/rank-mismatch']);
    expect(await h.db.eventCount(id)).toBe(1);
  });
});
