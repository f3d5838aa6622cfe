/**
 * legalMoves and apply agree: on positions from biased random play, every listed move applies and every
 * move that applies is listed (last melds excepted: there the list is a sample, and any valid set applies).
 */
import fc from 'fast-check';
import { Rng, seedRng } from '../core';
import { CARD_NAMES, type Card, rankOf, removeCards } from './cards';
import { buildPosition, countCards, playWire } from './fixtures';
import { splitEngine as E } from './index';
import type { SplitMove, SplitState } from './types';

const key = (m: SplitMove) => JSON.stringify(E.encodeMove(m));

/** Moves a client might send: mostly near-legal, drawn from the position but not from the list. */
function randomWire(s: SplitState, seat: number, rng: Rng): unknown {
  const hand = s.hands[seat] ?? [];
  const names = [...hand, ...Array.from({ length: 3 }, () => rng.pick(CARD_NAMES))];
  const sameRank = (c: Card) => {
    const mates = names.filter((x) => rankOf(x) === rankOf(c));
    return mates.length > 0 && rng.int(4) > 0 ? rng.pick(mates) : rng.pick(names);
  };
  const ids = [...s.matches.map((m) => m.id), `m${s.nextMatch}`, 'm999'];
  const mine = [...s.matches.filter((m) => m.seat === seat).map((m) => m.id), `m${s.nextMatch}`];
  const bonus = () =>
    rng.pick<unknown>([
      undefined,
      { draw: true },
      { target: rng.int(s.seats + 1) },
      { swap: { mine: rng.pick(rng.int(2) ? mine : ids), theirs: rng.pick(ids) } },
    ]);
  const withBonus = (m: Record<string, unknown>) => {
    const b = bonus();
    return b === undefined ? m : { ...m, bonus: b };
  };
  const fitting = { play: s.step === 'draw' ? [0, 1] : [2, 3, 4, 5], lastMelds: [6], over: [0] }[s.phase];
  switch (rng.int(5) > 0 ? rng.pick(fitting) : rng.int(7)) {
    case 0:
      return { type: 'draw' };
    case 1:
      return { type: 'take', index: rng.int(s.discardRow.length + 1) };
    case 2:
    case 3: {
      const a = rng.pick(names);
      return withBonus({ type: 'match', cards: [a, sameRank(a)] });
    }
    case 4: {
      const target = s.matches.length > 0 ? rng.pick(s.matches) : undefined;
      const replace = target && rng.int(4) > 0 ? rng.pick(target.cards) : rng.pick(names);
      return withBonus({
        type: 'upgrade',
        match: target?.id ?? 'm1',
        card: sameRank(target?.cards[0] ?? rng.pick(names)),
        replace,
      });
    }
    case 5:
      return { type: 'discard', card: rng.pick(names) };
    default:
      return {
        type: 'lastMelds',
        matches: Array.from({ length: rng.int(3) }, () => [rng.pick(names), rng.pick(names)]),
      };
  }
}

/** Plays one biased random move: lazy players (draw, discard) run the pile dry; eager ones meld and take. */
function biasedMove(s: SplitState, seat: number, rng: Rng, laziness: number): SplitMove {
  const moves = [...E.legalMoves(s, seat)];
  const lazy = moves.filter((m) => m.type === 'draw' || m.type === 'discard');
  return lazy.length > 0 && rng.int(100) < laziness ? rng.pick(lazy) : rng.pick(moves);
}

function checkAgreement(s: SplitState, rng: Rng): void {
  for (const seat of E.toMove(s)) {
    const legal = [...E.legalMoves(s, seat)];
    const keys = new Set(legal.map(key));
    expect(keys.size).toBe(legal.length); // no move listed twice
    for (const m of legal) {
      const r = E.apply(s, seat, m);
      if (!r.ok) throw new Error(`listed move ${key(m)} refused: ${r.error.reason}`);
    }
    for (let i = 0; i < 40; i++) {
      const parsed = E.parseMove(randomWire(s, seat, rng));
      if (!parsed.ok) continue;
      const r = E.apply(s, seat, parsed.value);
      if (parsed.value.type === 'lastMelds' && s.phase === 'lastMelds') {
        const held = removeCards(s.hands[seat] ?? [], parsed.value.matches.flat()) !== null;
        const ranks = parsed.value.matches.every(([a, b]) => rankOf(a) === rankOf(b));
        expect(r.ok).toBe(held && ranks);
      } else if (r.ok !== keys.has(key(parsed.value))) {
        throw new Error(
          `${key(parsed.value)}: apply ${r.ok ? 'accepts' : 'refuses'} it, legalMoves ${keys.has(key(parsed.value)) ? 'lists' : 'omits'} it`,
        );
      }
    }
  }
}

describe('legal moves against apply', () => {
  it('agree on positions of biased random games', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 0, max: 100 }),
        fc.string(),
        (seats, laziness, seed) => {
          const options = E.parseOptions({ rounds: 2 }, seats);
          if (!options.ok) throw new Error(options.error.message);
          let s = E.setup({ seed, seats, options: options.value });
          const rng = new Rng(seedRng(`${seed}/${laziness}`));
          for (let ply = 0; E.toMove(s).length > 0; ply++) {
            expect(countCards(s)).toBe(104);
            if (ply % 4 === 0) checkAgreement(s, rng);
            const seat = rng.pick(E.toMove(s));
            s = playWire(s, seat, E.encodeMove(biasedMove(s, seat, rng, laziness)));
            if (ply > 20000) throw new Error('no end');
          }
          expect(E.outcome(s)?.scores).toEqual(s.sheets.map((_, i) => E.view(s, 'spectator').sheets[i]?.total));
        },
      ),
      { numRuns: 15 },
    );
  });

  it('lazy players run the pile dry: the round ends on the pile and the deal passes on', () => {
    const options = E.parseOptions(undefined, 3);
    if (!options.ok) throw new Error(options.error.message);
    let s = E.setup({ seed: 'lazy', seats: 3, options: options.value });
    const rng = new Rng(seedRng('lazy'));
    while (s.round === 1) s = playWire(s, s.turnOf, E.encodeMove(biasedMove(s, s.turnOf, rng, 100)));
    expect(E.view(s, 0).lastRound).toMatchObject({ endedBy: 'pile', wentOut: null });
    expect(E.view(s, 0)).toMatchObject({ dealer: 1, turnOf: 2, drawPile: 104 - 27 - 1 });
  });

  it('last melds accept any set of held, disjoint, same-rank pairs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...CARD_NAMES.slice(0, 12)), { minLength: 1, maxLength: 14 }),
        fc.integer(),
        (raw, pick) => {
          const hand = raw.filter((c, i) => raw.indexOf(c) === i || raw.indexOf(c, raw.indexOf(c) + 1) === i); // at most two of a name
          const s0 = buildPosition({
            hands: [hand, ['KD'], ['QD']],
            turnOf: 1,
            dealer: 0,
            step: 'meld',
            turnsBegun: [0, 1, 0],
          });
          const s = playWire(s0, 1, { type: 'discard', card: 'KD' });
          const rng = new Rng(seedRng(String(pick)));
          let rest: Card[] = s.hands[0]?.slice() ?? [];
          const pairs: [Card, Card][] = [];
          for (let i = 0; i < 8 && rest.length >= 2; i++) {
            const a = rng.pick(rest);
            const mates = (removeCards(rest, [a]) ?? []).filter((c) => rankOf(c) === rankOf(a));
            if (mates.length === 0) continue;
            const b = rng.pick(mates);
            pairs.push([a, b]);
            rest = removeCards(rest, [a, b]) ?? [];
          }
          const sent = playWire(s, 0, { type: 'lastMelds', matches: pairs });
          expect(sent.hands[0]).toEqual(s.hands[0]); // nothing is laid before every seat has sent
          const scored = E.view(playWire(sent, 2, { type: 'lastMelds', matches: [] }), 0).lastRound?.scored[0];
          expect(scored?.ranks.slice().sort()).toEqual(pairs.map(([a]) => rankOf(a)).sort());
          expect(scored?.cardsLeft).toBe(rest.length);
        },
      ),
      { numRuns: 200 },
    );
  });
});
