/**
 * Webhooks (issue 11): what one webhook costs a move, and how fast the outbox drains. In the same server run:
 *  - phases of closed-loop moves by `connections` clients (each playing its own Reversi matches with a fixed legal
 *    game, creating the next match when one ends), alternating matches without webhooks and matches with one
 *    webhook to a local receiver on 127.0.0.1; the extra cost per move is the ratio of the mean time per move
 *    with one webhook to that without (phases alternate, none/one/none/one, so drift hits both alike);
 *  - the receiver counts the deliveries: during the webhook phases (steady state: events and deliveries both
 *    flowing), and while it drains what is left after the last phase.
 * The server must run with WEBHOOK_ALLOW_PRIVATE=1 (bench/main.ts starts it so).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { reversiEngine } from '../src/engine/reversi';
import { sleep } from './util';

export interface WebhookBenchResult {
  readonly connections: number;
  readonly phaseSeconds: number;
  readonly movesPerSecondNone: number;
  readonly movesPerSecondOne: number;
  readonly meanMoveMsNone: number;
  readonly meanMoveMsOne: number;
  /** Mean time per move with one webhook over that without, in the same run. */
  readonly costRatio: number;
  /** Deliveries received per second during the webhook phases (the dispatcher alongside the moves). */
  readonly deliveriesPerSecondSteady: number;
  /** Events with a webhook during those phases, per second: the rate the deliveries had to keep up with. */
  readonly webhookEventsPerSecond: number;
  /** Deliveries left after the last phase, and how fast they drained. */
  readonly backlogAtEnd: number;
  readonly drainPerSecond: number | null;
  readonly delivered: number;
  readonly duplicates: number;
}

/** One legal Reversi game (first legal move each turn), to replay in every match. */
function fixedGame(): string[] {
  let state = reversiEngine.setup({ seed: 'bench', seats: 2, options: {} });
  const squares: string[] = [];
  for (;;) {
    const seat = reversiEngine.toMove(state)[0];
    if (seat === undefined) return squares;
    const move = reversiEngine.legalMoves(state, seat)[Symbol.iterator]().next().value as Parameters<
      typeof reversiEngine.apply
    >[2];
    const r = reversiEngine.apply(state, seat, move);
    if (!r.ok) throw new Error(r.error.message);
    squares.push((reversiEngine.encodeMove(move) as { square: string }).square);
    state = r.value;
  }
}

export async function runWebhookBench(
  base: string,
  log: (line: string) => void,
  opts: { connections: number; phaseSeconds: number },
): Promise<WebhookBenchResult> {
  const seen = new Set<string>();
  let delivered = 0;
  let duplicates = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      if (seen.has(id)) duplicates++;
      else seen.add(id);
      delivered++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const game = fixedGame();
  // Expected deliveries: per match with a webhook, match.started + one per move (the last is match.finished).
  let expected = 0;

  const phase = async (withHook: boolean): Promise<{ moves: number; busyMs: number; seconds: number }> => {
    let moves = 0;
    let busyMs = 0;
    const until = performance.now() + opts.phaseSeconds * 1000;
    const body = JSON.stringify({
      players: [{ name: 'b0' }, { name: 'b1' }],
      ...(withHook ? { webhooks: [{ url: hook }] } : {}),
    });
    const client = async (): Promise<void> => {
      while (performance.now() < until) {
        const created = await fetch(`${base}/games/reversi/matches`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        const m = (await created.json()) as { id: string; seats: { token: string }[]; toMove: number[] };
        if (created.status !== 201) throw new Error(`create: ${created.status}`);
        if (withHook) expected++;
        let toMove = m.toMove[0] as number;
        for (let v = 0; v < game.length && performance.now() < until; v++) {
          const t = performance.now();
          const res = await fetch(`${base}/games/reversi/matches/${m.id}/moves`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${m.seats[toMove]?.token}` },
            body: JSON.stringify({ move: { square: game[v] }, expectedVersion: v }),
          });
          const answer = (await res.json()) as { toMove: number[] };
          if (res.status !== 200) throw new Error(`move: ${res.status} ${JSON.stringify(answer).slice(0, 200)}`);
          busyMs += performance.now() - t;
          moves++;
          if (withHook) expected++;
          toMove = answer.toMove[0] as number;
        }
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: opts.connections }, client));
    return { moves, busyMs, seconds: (performance.now() - t0) / 1000 };
  };

  const none = { moves: 0, busyMs: 0, seconds: 0 };
  const one = { moves: 0, busyMs: 0, seconds: 0 };
  let steadyDelivered = 0;
  let webhookEvents = 0;
  await phase(false); // warm-up, not counted
  for (const withHook of [false, true, false, true]) {
    const before = delivered;
    const expectedBefore = expected;
    const r = await phase(withHook);
    const into = withHook ? one : none;
    into.moves += r.moves;
    into.busyMs += r.busyMs;
    into.seconds += r.seconds;
    if (withHook) {
      steadyDelivered += delivered - before;
      webhookEvents += expected - expectedBefore;
    }
    log(
      `webhooks: phase ${withHook ? 'one webhook' : 'no webhook '}: ${(r.moves / r.seconds).toFixed(0)} moves/s, mean ${(r.busyMs / Math.max(1, r.moves)).toFixed(2)} ms/move`,
    );
  }
  const backlogAtEnd = expected - seen.size;
  const t0 = performance.now();
  const drainFrom = seen.size;
  while (seen.size < expected && performance.now() - t0 < 60_000) await sleep(20);
  const drainSeconds = (performance.now() - t0) / 1000;
  receiver.close();
  const meanNone = none.busyMs / Math.max(1, none.moves);
  const meanOne = one.busyMs / Math.max(1, one.moves);
  return {
    connections: opts.connections,
    phaseSeconds: opts.phaseSeconds,
    movesPerSecondNone: none.moves / none.seconds,
    movesPerSecondOne: one.moves / one.seconds,
    meanMoveMsNone: meanNone,
    meanMoveMsOne: meanOne,
    costRatio: meanOne / meanNone,
    deliveriesPerSecondSteady: steadyDelivered / one.seconds,
    webhookEventsPerSecond: webhookEvents / one.seconds,
    backlogAtEnd,
    drainPerSecond: backlogAtEnd > 0 ? (seen.size - drainFrom) / drainSeconds : null,
    delivered,
    duplicates,
  };
}
