import { type AnyEngine, replay } from '../../src/engine/core';
import type { Db } from './client';

/** The server's secret state of a match, rebuilt the way the server does: setup from the stored seed, then the log. */
export async function truthOf<S>(db: Db, engine: AnyEngine, matchId: string): Promise<{ state: S; seed: string }> {
  const m = await db.pool.query(
    'SELECT "seed", "options", (SELECT count(*)::int FROM "Seat" WHERE "matchId" = $1) AS seats FROM "Match" WHERE "id" = $1',
    [matchId],
  );
  const row = m.rows[0] as { seed: string; options: unknown; seats: number };
  const ev = await db.pool.query(
    'SELECT "seat", "type", "payload" FROM "MatchEvent" WHERE "matchId" = $1 ORDER BY "seq"',
    [matchId],
  );
  const log = (ev.rows as { seat: number; type: string; payload: unknown }[])
    .filter((e) => e.type === 'MoveMade')
    .map((e) => ({ seat: e.seat, move: e.payload }));
  const options = engine.parseOptions(row.options, row.seats);
  if (!options.ok) throw new Error(options.error.message);
  const r = replay(engine, { seed: row.seed, seats: row.seats, options: options.value }, log);
  if (!r.ok) throw new Error(`replay failed at ${r.error.index}: ${r.error.cause.message}`);
  return { state: r.value as S, seed: row.seed };
}

/** Multiset equality of card or tile lists, whatever their order. */
export function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  const key = (x: unknown) => JSON.stringify(x);
  return JSON.stringify(a.map(key).sort()) === JSON.stringify(b.map(key).sort());
}
