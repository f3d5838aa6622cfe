import { deblockleEngine as E, ORIENTATIONS, findSkipLine, positionFromBlocks } from './index';
import { Rng, seedRng } from '../core';
it('scratch', () => {
  console.log(ORIENTATIONS.length);
  const t0 = Date.now();
  let skips = 0, ends: Record<string, number> = {};
  for (let g = 0; g < 50; g++) {
    const o = E.parseOptions({ setup: 'random', blocks: 1 + (g % 4) }, 2);
    if (!o.ok) throw 1;
    let s = E.setup({ seed: 'g' + g, seats: 2, options: o.value });
    const r = new Rng(seedRng('p' + g));
    while (E.toMove(s).length) {
      const seat = r.pick(E.toMove(s));
      const ms = [...E.legalMoves(s, seat)];
      const n = E.apply(s, seat, r.pick(ms));
      if (!n.ok) throw new Error(JSON.stringify(n.error));
      s = n.value;
      if (s.skipped !== null) skips++;
    }
    const oc = E.outcome(s)!;
    ends[oc.reason + ':' + oc.scores] = (ends[oc.reason + ':' + oc.scores] ?? 0) + 1;
  }
  console.log(Date.now() - t0, 'ms', skips, ends);
  const t1 = Date.now();
  for (let g = 0; g < 5; g++) {
    const o = E.parseOptions({ setup: 'players', blocks: 4 }, 2);
    if (!o.ok) throw 1;
    const s = E.setup({ seed: 'h' + g, seats: 2, options: o.value });
    const line = findSkipLine(s);
    console.log(g, line && line.moves.length, line?.skipped, Date.now() - t1);
  }
});
