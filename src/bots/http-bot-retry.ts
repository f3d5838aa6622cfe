import type { HttpBotAnswer } from './http-bot.client';

/** The first wait after a failed answer; each next one doubles, up to `RETRY_MAX_MS`. */
export const RETRY_FIRST_MS = 100;
/**
 * The longest wait between two attempts. A bot host that restarts, or that has not stored its secret yet, is back
 * within a second or two; a longer wait would spend a short turn (a 5 s default) on waiting alone.
 */
export const RETRY_MAX_MS = 2000;
/** No attempt starts with less than this left before the deadline: it could not be answered in time. */
export const LAST_ATTEMPT_MS = 20;

export interface RetryClock {
  /** Milliseconds, on the same scale as the deadline. */
  now(): number;
  sleep(ms: number): Promise<void>;
  /** In [0, 1): the jitter. */
  random(): number;
}

export const REAL_CLOCK: RetryClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
};

export interface TurnAnswer {
  /** The last answer: the move, or the last failure once the deadline (or a stop) ended the retries. */
  readonly answer: HttpBotAnswer;
  /** Every attempt's answer, in order (the last one included): each was one request to the bot. */
  readonly attempts: readonly HttpBotAnswer[];
  /** Retries ended because `stop()` said so (a shutdown), not because of the deadline or an answer. */
  readonly stopped: boolean;
}

/**
 * One HTTP-bot turn (docs/api.md "Bots and tournaments"): asks, and while the answer is a failure (an error
 * status, a refused connection, a body that is not `{ move }`) asks again after a wait, until `deadline`; only the
 * deadline ends the turn without a move. Each attempt may take what is left of the turn (`ask(ms)`), so one slow
 * answer that comes in time still counts, and an attempt that hangs to the deadline is the last.
 *
 * The wait doubles from `RETRY_FIRST_MS` to `RETRY_MAX_MS`, with equal jitter (half fixed, half random), so bots
 * of many matches whose host went away do not all come back on the same millisecond, and is cut so that a last
 * attempt still starts before the deadline. A move that is not legal is the caller's to judge: it is an answer,
 * and it is not asked again here (a bot that chose it once, from the same turn, most likely chooses it again).
 * Rejected: retrying at a fixed interval (a host that refuses connections would be asked every few milliseconds
 * for the whole turn) and an unbounded exponent (after five failures one wait would outlast the turn).
 */
export async function askUntilDeadline(
  ask: (timeoutMs: number) => Promise<HttpBotAnswer>,
  deadline: number,
  clock: RetryClock = REAL_CLOCK,
  stop: () => boolean = () => false,
): Promise<TurnAnswer> {
  const attempts: HttpBotAnswer[] = [];
  let wait = RETRY_FIRST_MS;
  for (;;) {
    const answer = await ask(Math.max(1, deadline - clock.now()));
    attempts.push(answer);
    if (answer.ok) return { answer, attempts, stopped: false };
    if (stop()) return { answer, attempts, stopped: true };
    const room = deadline - clock.now() - LAST_ATTEMPT_MS;
    if (room <= 0) return { answer, attempts, stopped: false };
    await clock.sleep(Math.min(room, wait / 2 + (clock.random() * wait) / 2));
    wait = Math.min(RETRY_MAX_MS, wait * 2);
    if (stop()) return { answer, attempts, stopped: true };
  }
}
