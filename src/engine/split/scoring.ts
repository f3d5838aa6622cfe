import { RANKS, type Rank } from './cards';
import { fillRankBox, rowValue } from './decisions';
import type { ScoreSheet, SeatSheet } from './types';

export function emptySheet(): SeatSheet {
  return { boxes: Object.fromEntries(RANKS.map((r) => [r, 0])) as Record<Rank, number>, negative: 0 };
}

export function sheetTotal(pad: ScoreSheet, sheet: SeatSheet): number {
  let total = 0;
  for (const r of RANKS) total += rowValue(pad.rows[r], sheet.boxes[r]);
  return total - sheet.negative * pad.negativeBox;
}

/** The sheet after a round's matches (by rank) and cards left in hand are written on it. */
export function recordRound(pad: ScoreSheet, sheet: SeatSheet, ranks: readonly Rank[], cardsLeft: number): SeatSheet {
  const boxes = { ...sheet.boxes };
  for (const r of ranks) boxes[r] = fillRankBox(boxes[r], pad.rows[r].length);
  return { boxes, negative: sheet.negative + cardsLeft };
}

export function addNegative(sheet: SeatSheet, n: number): SeatSheet {
  return { boxes: sheet.boxes, negative: sheet.negative + n };
}
