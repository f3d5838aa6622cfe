/**
 * Quick GRhino games for tuning Reversi's `expert` (issue 30), in-process: no server, no bridge. The bot gets
 * the runner's budget of one second (nodesPerSecond nodes, or BUDGET); GRhino is spawned as GTP engine.
 * Colours alternate as in test/grhino.series.ts (game 1: the bot is black). The official measure stays
 * `npm run test:grhino`; this one only compares versions quickly. SEED prefixes the bot's seeds: the bot breaks
 * ties by its seed and GRhino is deterministic, so other seeds give other games (the series' seeds come from
 * the match ids).
 *   tsc -p bench/tsconfig.json && GAMES=4 FIRST=0 LEVEL=4 node dist-bench/bench/grhino-quick.js
 */
import { GtpEngine, colourOf } from '../examples/gtp-bridge';
import { Rng, type Seat, seedRng } from '../src/engine/core';
import { expertWith, reversiBots } from '../src/engine/reversi/bots';
import { reversiEngine } from '../src/engine/reversi/index';
import { type ReversiMove, makeSquare, parseSquare } from '../src/engine/reversi/notation';
import { type ReversiState, apply, scores, setup } from '../src/engine/reversi/rules';

const GAMES = Number(process.env.GAMES ?? 4);
const FIRST = Number(process.env.FIRST ?? 0);
const LEVEL = Number(process.env.LEVEL ?? 4);
const BOT = process.env.BOT ?? 'expert';
const bot =
  BOT === 'expert' && process.env.EVAL === 'classic' ? expertWith('classic') : reversiBots.find((b) => b.id === BOT)!;
const BUDGET = Number(process.env.BUDGET ?? bot.nodesPerSecond ?? bot.defaultBudget);

async function game(i: number): Promise<{ mine: number; theirs: number; ms: number[] }> {
  const botSeat = i % 2;
  const rhinoColour = colourOf(1 - botSeat);
  const gtp = new GtpEngine([process.env.GTP_RHINO ?? '/usr/games/gtp-rhino', '-l', String(LEVEL)]);
  await gtp.newGame();
  let state: ReversiState = setup();
  let lastSeat: Seat | null = null;
  const ms: number[] = [];
  for (let ply = 0; state.turn !== null; ply++) {
    const seat = state.turn;
    let move: ReversiMove;
    if (seat === botSeat) {
      const legalMoves = [...reversiEngine.legalMoves(state, seat)];
      const t0 = process.cpuUsage();
      move = bot.choose({
        view: reversiEngine.view(state, seat),
        legalMoves,
        seat,
        rng: new Rng(seedRng(`${process.env.SEED ?? ''}quick-${i}:${ply}`)),
        budget: BUDGET,
      });
      const dt = process.cpuUsage(t0);
      ms.push((dt.user + dt.system) / 1000);
      if (lastSeat === seat) await gtp.play(rhinoColour, 'pass');
      await gtp.play(colourOf(seat), makeSquare(move.square));
    } else {
      if (lastSeat === seat) await gtp.play(colourOf(botSeat), 'pass');
      const text = await gtp.genmove(rhinoColour);
      move = { square: parseSquare(text) as number };
    }
    const next = apply(state, seat, move);
    if (!next.ok) throw new Error(`game ${i + 1}: ${JSON.stringify(move)} refused: ${next.error.message}`);
    state = next.value;
    lastSeat = seat;
  }
  gtp.close();
  const s = scores(state) as [number, number];
  return { mine: s[botSeat === 0 ? 0 : 1], theirs: s[botSeat === 0 ? 1 : 0], ms };
}

async function main(): Promise<void> {
  const tally = { w: 0, d: 0, l: 0 };
  for (let i = FIRST; i < FIRST + GAMES; i++) {
    const { mine, theirs, ms } = await game(i);
    const r = mine > theirs ? 'w' : mine < theirs ? 'l' : 'd';
    tally[r]++;
    const mean = Math.round(ms.reduce((a, b) => a + b, 0) / ms.length);
    console.log(
      `game ${i + 1}: ${BOT} ${i % 2 === 0 ? 'black' : 'white'} ${mine}-${theirs} ${r}; cpu ms a move ${mean} (max ${Math.round(Math.max(...ms))})`,
    );
  }
  console.log(`${BOT} (${BUDGET} nodes) vs gtp-rhino -l ${LEVEL}: W${tally.w} D${tally.d} L${tally.l}`);
}

void main();
