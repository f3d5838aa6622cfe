import { Rng, seedRng } from '../core';
import { splitEngine as E } from './index';
import type { SplitState } from './types';
it('stats', () => {
  for (const seats of [2, 4, 6]) {
    const opts = E.parseOptions(undefined, seats);
    if (!opts.ok) throw 0;
    const stats = { plies: [] as number[], out: 0, pile: 0, lastMelds: 0, maxMoves: 0, maxHand: 0, takes: 0, upgrades: 0, swaps: 0, mustPlaySeen: 0 };
    for (let g = 0; g < 20; g++) {
      let s: SplitState = E.setup({ seed: `g${g}`, seats, options: opts.value });
      const pick = new Rng(seedRng(`p${g}`));
      let ply = 0;
      let lastRound = 0;
      while (E.toMove(s).length) {
        const seat = pick.pick(E.toMove(s));
        const moves = [...E.legalMoves(s, seat)];
        stats.maxMoves = Math.max(stats.maxMoves, moves.length);
        const m = pick.pick(moves);
        if (m.type === 'take') stats.takes++;
        if (m.type === 'upgrade') stats.upgrades++;
        if (m.type === 'match' && m.bonus.kind === 'swap') stats.swaps++;
        if (s.phase === 'lastMelds') stats.lastMelds++;
        if (s.mustPlay) stats.mustPlaySeen++;
        const r = E.apply(s, seat, m);
        if (!r.ok) throw new Error(JSON.stringify(r.error));
        s = r.value;
        for (const h of s.hands) stats.maxHand = Math.max(stats.maxHand, h.length);
        if (s.lastRound && s.lastRound.round !== lastRound) { lastRound = s.lastRound.round; s.lastRound.endedBy === 'out' ? stats.out++ : stats.pile++; }
        ply++;
      }
      stats.plies.push(ply);
    }
    console.log(seats, JSON.stringify(stats));
  }
});
