import type { Pool } from 'pg';
import { qwirkleEngine } from '../../src/engine/qwirkle';

/**
 * Appends `count` legal events to a fresh 2-seat Qwirkle match straight into the store, in a few statements:
 * the opening placement, then one-tile exchanges (always legal while the bag holds tiles). Each move is
 * checked by the engine, so the log replays; a long match in about a second instead of minutes of HTTP.
 */
export async function appendQwirkleExchanges(pool: Pool, matchId: string, count: number): Promise<void> {
  const events = await qwirkleExchanges(pool, matchId, count);
  for (let i = 0; i < events.length; i += 2000) {
    await pool.query(
      `INSERT INTO "MatchEvent" ("matchId", "seq", "type", "seat", "payload")
       SELECT $1::uuid, x."seq", 'MoveMade', x."seat", x."payload" FROM jsonb_to_recordset($2::jsonb) AS x("seq" int, "seat" int, "payload" jsonb)`,
      [matchId, JSON.stringify(events.slice(i, i + 2000))],
    );
  }
  await pool.query('UPDATE "Match" SET "version" = $2 WHERE "id" = $1', [matchId, count]);
}

/** The first `count` events of such a log, computed but not written (for a test that appends them itself). */
export async function qwirkleExchanges(
  pool: Pool,
  matchId: string,
  count: number,
): Promise<{ seq: number; seat: number; payload: unknown }[]> {
  const row = (await pool.query('SELECT "seed", "options", "version" FROM "Match" WHERE "id" = $1', [matchId])).rows[0];
  if (!row || row.version !== 0) throw new Error('appendQwirkleExchanges needs a new match');
  const seats = (await pool.query('SELECT count(*)::int AS n FROM "Seat" WHERE "matchId" = $1', [matchId])).rows[0]
    .n as number;
  const options = qwirkleEngine.parseOptions(row.options, seats);
  if (!options.ok) throw new Error(options.error.message);
  let state = qwirkleEngine.setup({ seed: row.seed, seats, options: options.value });
  const events: { seq: number; seat: number; payload: unknown }[] = [];
  for (let seq = 1; seq <= count; seq++) {
    const seat = qwirkleEngine.toMove(state)[0] as number;
    const move =
      seq === 1
        ? (qwirkleEngine.legalMoves(state, seat)[Symbol.iterator]().next().value as Parameters<
            typeof qwirkleEngine.apply
          >[2])
        : { type: 'exchange' as const, tiles: [state.hands[seat]?.[0] as { color: never; shape: never }] };
    const next = qwirkleEngine.apply(state, seat, move);
    if (!next.ok) throw new Error(`event ${seq}: ${next.error.message}`);
    state = next.value;
    events.push({ seq, seat, payload: qwirkleEngine.encodeMove(move) });
  }
  return events;
}
