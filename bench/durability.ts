/**
 * After the HTTP load (server stopped, so nothing is still being written): every move answered 200 must be a
 * MatchEvent row, and nothing else may be, except a move whose reply was never read (in flight when the run
 * stopped), which the server may or may not have committed.
 */
import { Client } from 'pg';
import type { Lane } from './http-load';

export interface DurabilityResult {
  ok: boolean;
  matchEventRows: number;
  acknowledged200: number;
  /** Moves in flight at the stop (reply never read) that the server did commit. */
  committedUnread: number;
  unread: number;
  /** Matches whose row count or "Match"."version" does not fit what the bench saw. */
  badMatches: number;
  examples: string[];
}

export async function checkDurability(url: string, lanes: readonly Lane[]): Promise<DurabilityResult> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    // Reversi matches only: the bench's other phases (the Deblockle match of the move-cost check) write too.
    const total = Number(
      (
        await c.query<{ n: string }>(
          `SELECT count(*)::text AS n FROM "MatchEvent" e JOIN "Match" m ON m."id" = e."matchId" WHERE m."game" = 'reversi'`,
        )
      ).rows[0]?.n,
    );
    const rows = (
      await c.query<{ id: string; version: number; events: string }>(
        `SELECT m."id"::text AS id, m."version", (SELECT count(*) FROM "MatchEvent" e WHERE e."matchId" = m."id")::text AS events
         FROM "Match" m WHERE m."game" = 'reversi'`,
      )
    ).rows;
    const byId = new Map(rows.map((r) => [r.id, { version: Number(r.version), events: Number(r.events) }]));
    let acknowledged = 0;
    let unread = 0;
    let committedUnread = 0;
    let bad = 0;
    const examples: string[] = [];
    for (const lane of lanes) {
      acknowledged += lane.acked;
      unread += lane.unread;
      const db = byId.get(lane.match.id) ?? { version: -1, events: -1 };
      const extra = db.events - lane.acked;
      if (db.events !== db.version || extra < 0 || extra > lane.unread) {
        bad++;
        if (examples.length < 5)
          examples.push(
            `match ${lane.match.id}: ${lane.acked} acknowledged, ${lane.unread} unread; database: ${db.events} events, version ${db.version}`,
          );
      } else committedUnread += extra;
    }
    const ok = bad === 0 && total === acknowledged + committedUnread;
    return {
      ok,
      matchEventRows: total,
      acknowledged200: acknowledged,
      committedUnread,
      unread,
      badMatches: bad,
      examples,
    };
  } finally {
    await c.end();
  }
}
