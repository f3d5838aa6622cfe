/**
 * Issue 13's goals as ratios of figures measured in one run (a shared machine slows both sides of a ratio
 * alike; absolute figures are only comparable between runs on an idle machine).
 */
export interface Goal {
  readonly name: string;
  readonly value: number;
  /** The goal: value >= target (`min`) or value <= target (`max`). */
  readonly target: number;
  readonly kind: 'min' | 'max';
  readonly unit: string;
  readonly met: boolean;
}

interface Figures {
  engine: { perft: { leavesPerSecond: number }; legalMoves: { publicNsPerPosition: number } };
  http: { movesPerSecond: number; latencyMs: { p99: number }; createPerSecond: number };
  moveCostByLength: { ratio: number };
  dbCeilingPrepared: { statementsPerSecond: number };
  boardgameio: { create: { createPerSecond: number }; moves: { movesPerSecond: number } };
}

const goal = (name: string, value: number, kind: 'min' | 'max', target: number, unit = '×'): Goal => ({
  name,
  value,
  target,
  kind,
  unit,
  met: kind === 'min' ? value >= target : value <= target,
});

export function goalRatios(r: Figures): Goal[] {
  return [
    goal('HTTP moves/s ÷ boardgame.io moves/s', r.http.movesPerSecond / r.boardgameio.moves.movesPerSecond, 'min', 1.0),
    goal('HTTP move p99', r.http.latencyMs.p99, 'max', 20, 'ms'),
    goal(
      'HTTP moves/s ÷ prepared DB ceiling',
      r.http.movesPerSecond / r.dbCeilingPrepared.statementsPerSecond,
      'min',
      0.5,
    ),
    goal(
      'creation/s ÷ boardgame.io creation/s',
      r.http.createPerSecond / r.boardgameio.create.createPerSecond,
      'min',
      0.5,
    ),
    goal('move ~500 cost ÷ move ~5 cost', r.moveCostByLength.ratio, 'max', 1.2),
    goal('perft(9) nodes/s', r.engine.perft.leavesPerSecond / 1e6, 'min', 20, 'M'),
    goal('reversiEngine.legalMoves per position', r.engine.legalMoves.publicNsPerPosition / 1000, 'max', 1, 'µs'),
  ];
}

export function formatGoal(g: Goal): string {
  const v = g.unit === '×' ? `${g.value.toFixed(2)}×` : `${g.value.toFixed(2)} ${g.unit}`;
  return `${v.padEnd(10)} goal ${g.kind === 'min' ? '≥' : '≤'} ${g.target}${g.unit === '×' ? '×' : ` ${g.unit}`}: ${g.met ? 'met' : 'NOT met'}`;
}
