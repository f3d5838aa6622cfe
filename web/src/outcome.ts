/**
 * A finished match in words: who won and why ("ann (black) wins 40–24: neither side could move."), from the
 * match response alone. Pure (no DOM, no fetch), so test/outcome-words.spec.ts checks it against every reason
 * the engines and the decider can give. The rejected alternative was printing `outcome.reason` as it is
 * ("Over: reversi/no-moves"), which a player cannot read; an unknown reason (a game added later) still gets
 * its winners in words, with the code in brackets.
 */

export interface OutcomeLike {
  readonly winners: readonly number[];
  readonly scores: readonly number[];
  readonly reason: string;
  readonly draw: boolean;
}

export interface SeatLike {
  readonly seat: number;
  readonly name: string | null;
  readonly open?: boolean;
  readonly left?: boolean;
}

export interface MatchLike {
  readonly game: string;
  readonly status: string;
  readonly players: readonly SeatLike[];
  readonly outcome: OutcomeLike | null;
}

/** Why a match ended, by reason code: the clause after the colon. `names` lists the seats the reason is about. */
const WHY: Record<string, (o: OutcomeLike, who: Who) => string> = {
  // The decider's own reasons, in every game.
  resigned: (_o, who) => `${who.list(who.losers, 'a player')} resigned`,
  timeout: (_o, who) => `${who.list(who.losers, 'a player')} ran out of time`,
  // Reversi (src/engine/reversi/rules.ts): the game ends when neither side can move; discs are counted.
  'reversi/no-moves': (o) =>
    sum(o.scores) === 64 ? 'the board is full' : 'neither side could move, so the discs were counted',
  'reversi/draw': (o) =>
    sum(o.scores) === 64
      ? 'the board is full and the discs are even'
      : 'neither side could move and the discs are even',
  // Qwirkle (src/engine/qwirkle/types.ts EndReason).
  'qwirkle/out-of-tiles': (_o, who) => `${who.list(who.winners, 'a player')} placed the last tile with the bag empty`,
  'qwirkle/blocked': () => 'nobody could place or exchange a tile',
  'qwirkle/max-turns': () => 'the turn limit was reached',
  // Deblockle (src/engine/deblockle/rules.ts settle).
  'deblockle/all-removed': (_o, who) =>
    `${who.list(who.winners, 'a player')} took every one of their blocks off the board`,
  'deblockle/both-blocked': () => 'neither side could move',
  'deblockle/max-turns': () => 'the turn limit was reached',
  // Split (src/engine/split/index.ts outcome).
  'split/rounds-complete': () => 'every round has been played',
};

/** The reasons this file puts in words (the unit test holds it to the engines' and the decider's). */
export const WORDED_REASONS: readonly string[] = Object.keys(WHY);

interface Who {
  winners: number[];
  losers: number[];
  list(seats: number[], fallback: string): string;
}

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

/** "ann", "ann and bob", "ann, bob and cy". */
export function namesList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Where a game counts points in its scores, the words for them (Deblockle's scores are blocks taken off). */
const POINTS: Record<string, (n: number) => string> = {
  qwirkle: (n) => `${n} point${n === 1 ? '' : 's'}`,
  split: (n) => `${n} point${n === 1 ? '' : 's'}`,
};

/**
 * The sentence for a finished or aborted match; null while it is waiting or being played. `seatLabel` adds a
 * seat's colour or role after its name ("ann (black)").
 */
export function outcomeWords(match: MatchLike, seatLabel?: (seat: number) => string): string | null {
  const name = (seat: number): string => {
    const p = match.players.find((x) => x.seat === seat);
    const base = p?.name ?? `seat ${seat}`;
    return seatLabel ? `${base} (${seatLabel(seat)})` : base;
  };
  if (match.status === 'aborted') {
    // The abort's reason is not in the match response: a match aborts from waiting (an open seat left unfilled:
    // `expired`) or from active (idle too long: `abandoned`), and only a waiting match still has an open seat.
    return match.players.some((p) => p.open)
      ? 'Called off: its open seats were not filled in time.'
      : 'Called off: nobody moved for too long.';
  }
  const o = match.outcome;
  if (!o) return null;
  const winners = [...o.winners];
  const losers = match.players
    .map((p) => p.seat)
    .filter((s) => !winners.includes(s) && !match.players.find((p) => p.seat === s)?.left);
  const who: Who = {
    winners,
    losers,
    list: (seats, fallback) => (seats.length ? namesList(seats.map(name)) : fallback),
  };

  // A resignation or a timeout ends the match whatever the score: the score then says nothing of who won.
  const byScore = o.reason !== 'resigned' && o.reason !== 'timeout';
  const twoScores = byScore && o.scores.length === 2 && match.game === 'reversi';
  const points = byScore ? POINTS[match.game] : undefined;
  let head: string;
  if (o.draw) {
    head = twoScores
      ? `A draw, ${o.scores[0]}–${o.scores[1]}`
      : points && o.scores.length
        ? `A draw, ${points(o.scores[winners[0] ?? 0] ?? 0)} each`
        : 'A draw';
  } else {
    const many = winners.length > 1;
    head = winners.length === 0 ? 'Nobody wins' : `${namesList(winners.map(name))} ${many ? 'share the win' : 'wins'}`;
    const top = winners[0];
    if (twoScores && top !== undefined) {
      const other = top === 0 ? 1 : 0;
      head += ` ${o.scores[top]}–${o.scores[other]}`;
    } else if (points && top !== undefined && o.scores[top] !== undefined) {
      head += ` with ${points(o.scores[top])}`;
    }
  }
  const why = WHY[o.reason];
  return why ? `${head}: ${why(o, who)}.` : `${head} (${o.reason}).`;
}
