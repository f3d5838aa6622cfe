import { type AnyEngine, type Seat, play } from '../engine/core';
import { deblockleEngine } from '../engine/deblockle';
import { qwirkleEngine as qwirkle } from '../engine/qwirkle';
import { type LogStep, hiddenFromSeat } from './simultaneous';

/** Plays `moves` (each seat's first legal move matching `pick`) and returns the log steps and the state now. */
function playOut(
  engine: AnyEngine,
  seats: number,
  picks: { seat: (s: unknown) => Seat; pick?: (m: unknown) => boolean }[],
) {
  const options = engine.parseOptions(undefined, seats);
  if (!options.ok) throw new Error(options.error.message);
  let state: unknown = engine.setup({ seed: 'simultaneous', seats, options: options.value });
  const steps: LogStep[] = [];
  for (const [i, p] of picks.entries()) {
    const seat = p.seat(state);
    const move = [...engine.legalMoves(state, seat)].map((m) => engine.encodeMove(m)).find((m) => p.pick?.(m) ?? true);
    const r = play(engine, state, seat, move);
    if (!r.ok) throw new Error(r.error.message);
    steps.push({
      event: {
        seq: i + 1,
        type: 'MoveMade',
        seat,
        payload: move,
        createdAt: new Date(0),
        idempotencyKey: null,
        requestHash: null,
      },
      before: state,
      after: r.value.state,
      move: r.value.move,
    });
    state = r.value.state;
  }
  return { steps, now: state };
}

/** Typed loosely, as the service sees every engine. */
const qwirkleEngine: AnyEngine = qwirkle;

describe('the simultaneous-phase rule', () => {
  it("lets a Deblockle seat act on the version before its opponent's hidden setup, but not after the setup is revealed", () => {
    const { steps, now } = playOut(deblockleEngine, 2, [{ seat: () => 0 }]);
    expect(hiddenFromSeat(deblockleEngine, steps, 1, now)).toBe(true);
    expect(hiddenFromSeat(deblockleEngine, steps, 0, now)).toBe(false); // a seat's own move is never hidden from it
    const both = playOut(deblockleEngine, 2, [{ seat: () => 0 }, { seat: () => 1 }]);
    expect(hiddenFromSeat(deblockleEngine, both.steps.slice(0, 1), 1, both.now)).toBe(false); // revealed now
  });

  it("does not let a Qwirkle seat ignore another seat's exchange: it was not to move then, though the tiles are hidden", () => {
    const current = (s: unknown) => qwirkleEngine.toMove(s)[0] as Seat;
    const { steps, now } = playOut(qwirkleEngine, 2, [
      { seat: current },
      { seat: current, pick: (m) => (m as { type: string }).type === 'exchange' },
    ]);
    const exchange = steps.slice(1);
    const waiting = 1 - (exchange[0]!.event.seat as number);
    const shown = qwirkleEngine.redactMove(
      {
        seat: exchange[0]!.event.seat as Seat,
        move: exchange[0]!.move,
        before: exchange[0]!.before,
        after: exchange[0]!.after,
        now,
      },
      waiting,
    );
    expect(shown.move).toEqual({ type: 'exchange', hidden: true });
    expect(hiddenFromSeat(qwirkleEngine, exchange, waiting, now)).toBe(false);
  });

  it('never applies to an empty stretch of the log', () => {
    const { now } = playOut(deblockleEngine, 2, []);
    expect(hiddenFromSeat(deblockleEngine, [], 1, now)).toBe(false);
  });
});
