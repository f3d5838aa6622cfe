#!/usr/bin/env node
'use strict';
// A small simulation of turnbase's write load on a sharded Postgres (docs/scaling.md, "Expected limits").
// `npm run build && node docs/scaling-sim.js` prints the tables that docs/scaling.md quotes.
//
// What is measured, what is assumed:
// - Moves per match: measured here, from random playouts of the built engines (dist/engine).
// - Postgres CPU per append: 0.6 ms, and 3,088 appends/s on 2 cores (README "Speed", `npm run bench` against
//   Postgres 15 on a 2-core machine that also ran the load generator). So 1,544 appends/s per core.
// - Everything else (reads on a cache miss, bytes per event, the workloads) is an assumption, named below.
// Matches are placed on shards by a hash of their random UUID, i.e. uniformly at random; shards are placed
// round-robin on workers. Each simulated second, every match moves a Poisson number of times at its rate.
// Deterministic: the PRNG is seeded.

const path = require('node:path');

const MEASURED = {
  appendsPerCoreSecond: 3088 / 2,
};
const ASSUMED = {
  /** A move whose state is not cached costs a read (match row + seats, then the log) before the append. */
  cacheMissShare: 0.2,
  readCostInAppends: 0.7,
  /** Bytes per stored event, heap row and both indexes (the move JSON ~100 B, an idempotency key and request hash). */
  bytesPerEvent: 350,
  /** A worker may run at this share of its CPU at the busiest second before we add workers. */
  targetUtilisation: 0.6,
  coresPerWorker: 8,
  simulatedSeconds: 300,
};

const WORKLOADS = [
  { name: 'async play-by-turn', matches: 2_000_000, hotShare: 0, movesPerSecond: 1 / 300, note: 'a move every 5 min per match (evening peak)' },
  { name: 'live humans', matches: 100_000, hotShare: 0, movesPerSecond: 1 / 8, note: 'a move every 8 s per match' },
  { name: 'bot tournament', matches: 2_000, hotShare: 1, movesPerSecond: 25, note: 'every match at 25 moves/s (bench: 823 moves/s over 32 connections)' },
  { name: 'mixed, 1% bot matches', matches: 200_000, hotShare: 0.01, movesPerSecond: 1 / 8, hotMovesPerSecond: 25, note: 'live humans plus 2,000 hot bot matches' },
];

function sfc32(a, b, c, d) {
  return () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}
const random = sfc32(0x9e3779b9, 0x243f6a88, 0xb7e15162, 7);

/** A Poisson draw: Knuth's method for small means, a normal approximation above 50. */
function poisson(mean) {
  if (mean <= 0) return 0;
  if (mean > 50) {
    const u = 1 - random();
    const v = random();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return Math.max(0, Math.round(mean + Math.sqrt(mean) * z));
  }
  const limit = Math.exp(-mean);
  let k = 0;
  for (let p = random(); p > limit; p *= random()) k++;
  return k;
}

/** Moves per finished match, from random playouts of the real engines. */
function movesPerMatch() {
  let lib;
  try {
    lib = require(path.join(__dirname, '..', 'dist', 'engine'));
  } catch {
    console.error('Build first: npm run build');
    process.exit(2);
  }
  const out = {};
  for (const [game, engine] of Object.entries(lib.engines)) {
    const seats = engine.seats.min;
    const counts = [];
    for (let i = 0; i < 20; i++) {
      const options = engine.parseOptions(undefined, seats);
      let state = engine.setup({ seed: `sim-${game}-${i}`, seats, options: options.value });
      const rng = new lib.Rng(lib.seedRng(`sim-bot-${i}`));
      let moves = 0;
      while (engine.outcome(state) === null) {
        const seat = engine.toMove(state)[0];
        const choices = [];
        for (const m of engine.legalMoves(state, seat)) if (choices.push(m) === 30) break;
        const next = engine.apply(state, seat, rng.pick(choices));
        if (!next.ok) throw new Error(`${game}: ${next.error.message}`);
        state = next.value;
        moves++;
      }
      counts.push(moves);
    }
    out[game] = { seats, mean: counts.reduce((a, b) => a + b, 0) / counts.length, max: Math.max(...counts) };
  }
  return out;
}

/** The busiest worker's utilisation, second by second, for one workload on `workers` workers and `shards` shards. */
function simulate(workload, workers, shards) {
  const hot = Math.round(workload.matches * workload.hotShare);
  const cold = workload.matches - hot;
  const hotRate = workload.hotMovesPerSecond ?? workload.movesPerSecond;
  const coldRate = workload.hotShare === 1 ? 0 : workload.movesPerSecond;
  // Cold matches are many and alike: their load per shard is one Poisson of the summed rate. Hot matches are
  // few and each matters: place them one by one.
  const coldPerShard = new Array(shards).fill(0);
  for (let m = 0; m < cold; m++) coldPerShard[Math.floor(random() * shards)]++;
  const hotPerShard = new Array(shards).fill(0);
  for (let m = 0; m < hot; m++) hotPerShard[Math.floor(random() * shards)]++;
  const costPerMove = 1 + ASSUMED.cacheMissShare * ASSUMED.readCostInAppends;
  const capacity = ASSUMED.coresPerWorker * MEASURED.appendsPerCoreSecond;
  const busiest = [];
  for (let t = 0; t < ASSUMED.simulatedSeconds; t++) {
    const perWorker = new Array(workers).fill(0);
    for (let s = 0; s < shards; s++) {
      const moves = poisson(coldPerShard[s] * coldRate + hotPerShard[s] * hotRate);
      perWorker[s % workers] += moves * costPerMove;
    }
    busiest.push(Math.max(...perWorker) / capacity);
  }
  busiest.sort((a, b) => a - b);
  const movesPerSecond = cold * coldRate + hot * hotRate;
  return {
    movesPerSecond,
    p99: busiest[Math.floor(busiest.length * 0.99)],
    mean: movesPerSecond * costPerMove / (workers * capacity),
    hotPerShardMax: Math.max(...hotPerShard),
    hotPerShardMean: hot / shards,
  };
}

function main() {
  const games = movesPerMatch();
  console.log('## Moves per match (random playouts of the built engines, 20 seeds, fewest seats)\n');
  console.log('| game | seats | mean moves | max |\n|---|---:|---:|---:|');
  for (const [g, r] of Object.entries(games)) console.log(`| ${g} | ${r.seats} | ${r.mean.toFixed(0)} | ${r.max} |`);

  const shards = 128;
  console.log(`\n## Workers needed (${ASSUMED.coresPerWorker} cores each, ${shards} shards, busiest worker at p99 of ${ASSUMED.simulatedSeconds} s <= ${ASSUMED.targetUtilisation * 100}% CPU)\n`);
  console.log('| workload | moves/s | workers | busiest worker p99 | mean | hot matches per shard, max / mean |\n|---|---:|---:|---:|---:|---:|');
  for (const w of WORKLOADS) {
    let workers = 1;
    let r = simulate(w, workers, shards);
    while (r.p99 > ASSUMED.targetUtilisation && workers < shards) r = simulate(w, ++workers, shards);
    const hot = w.hotShare > 0 ? `${r.hotPerShardMax} / ${r.hotPerShardMean.toFixed(1)}` : '-';
    console.log(`| ${w.name} (${w.note}) | ${Math.round(r.movesPerSecond).toLocaleString('en')} | ${workers} | ${(r.p99 * 100).toFixed(0)}% | ${(r.mean * 100).toFixed(0)}% | ${hot} |`);
  }

  const perShardAppends = ASSUMED.coresPerWorker * MEASURED.appendsPerCoreSecond * ASSUMED.targetUtilisation;
  const meanMoves = Object.values(games).reduce((a, r) => a + r.mean, 0) / Object.keys(games).length;
  const bytesPerMatch = meanMoves * ASSUMED.bytesPerEvent + 600; // the match row and its seats
  console.log('\n## One shard alone on one worker\n');
  console.log('| figure | value |\n|---|---:|');
  console.log(`| appends/s it sustains at ${ASSUMED.targetUtilisation * 100}% of ${ASSUMED.coresPerWorker} cores | ${Math.round(perShardAppends).toLocaleString('en')} |`);
  console.log(`| bytes per finished match (mean ${meanMoves.toFixed(0)} events over the four games) | ${Math.round(bytesPerMatch).toLocaleString('en')} |`);
  console.log(`| finished matches per 1 TB of shard storage | ${Math.round(1e12 / bytesPerMatch).toLocaleString('en')} |`);
  console.log(`| days to fill 1 TB at that append rate, non-stop | ${(1e12 / (perShardAppends * ASSUMED.bytesPerEvent) / 86400).toFixed(1)} |`);
  console.log(`| one hot match: moves/s with a 4 ms round trip per move (it holds its row lock ~0.6 ms of each) | ${Math.round(1000 / 4)} (${(250 / perShardAppends * 100).toFixed(1)}% of the shard) |`);
}

main();
