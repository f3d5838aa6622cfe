/**
 * Part 3: the database's own ceiling for one durable move. N `pg` clients (one connection each) run, for the
 * same duration as the HTTP load, exactly the statement the server's append runs
 * (src/matches/postgres/prisma-event-store.ts `append`: one CTE that bumps "Match"."version" guarded by the
 * expected version and inserts the "MatchEvent"), with the same parameters in the same order. Each client plays
 * its own matches, 60 events each, then the next.
 * Run twice: with unnamed statements (parse, bind, execute every time: what Prisma's `$queryRaw` sends) and with
 * a named (prepared) statement, parsed once per connection and then only bound and executed, as
 * `pgbench -M prepared` sends it.
 */
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { quantile } from './util';

/** Prisma's `$queryRaw` template from PrismaEventStore.append, with its interpolations as $1..$8 ($2, the match id, twice). */
export const APPEND_SQL = `
        WITH bumped AS (
          UPDATE "Match" SET "version" = "version" + 1, "status" = $1, "updatedAt" = now()
           WHERE "id" = $2::uuid AND "version" = $3::int
          RETURNING "id", "version", "updatedAt"
        )
        INSERT INTO "MatchEvent" ("matchId", "seq", "type", "seat", "payload", "idempotencyKey", "requestHash", "createdAt")
        SELECT $2::uuid, "version", $4, $5::int, $6::jsonb,
               $7, $8, "updatedAt"
          FROM bumped
        RETURNING "seq", "type", "seat", "payload", "createdAt", "idempotencyKey", "requestHash"`;

const EVENTS_PER_MATCH = 60;
const SQUARES = ['d3', 'c4', 'f5', 'e6', 'c3', 'f6', 'b4', 'g5', 'a1', 'h8'];

export interface CeilingResult {
  /** Named (prepared once per connection) or unnamed statements. */
  prepared: boolean;
  clients: number;
  seconds: number;
  statements: number;
  statementsPerSecond: number;
  /** Statements that appended nothing (a version guard that did not match): must be 0. */
  noRow: number;
  latencyMs: { p50: number; p99: number; max: number };
  matches: number;
  /** MatchEvent rows of the ceiling's matches afterwards (must equal `statements - noRow`). */
  rowsAfter: number;
}

/** `onDone` runs when the timed part ends, before the connections close (CPU accounting of live backends). */
export async function runCeiling(
  url: string,
  clients: number,
  seconds: number,
  prepared: boolean,
  onDone: () => void = () => undefined,
): Promise<CeilingResult> {
  // Enough matches that no client runs out at 40,000 statements/s; if one does, it keeps appending to its last.
  const perClient = Math.ceil((seconds * 40_000) / EVENTS_PER_MATCH / clients) + 2;
  const conns = Array.from({ length: clients }, () => new Client({ connectionString: url }));
  try {
    await Promise.all(conns.map((c) => c.connect()));
    const first = conns[0] as Client;
    const ids = (
      await first.query<{ id: string }>(
        `INSERT INTO "Match" ("id", "game", "rulesVersion", "seed", "options", "status")
       SELECT gen_random_uuid(), 'reversi', 1, md5(random()::text), '{}'::jsonb, 'active' FROM generate_series(1, $1)
       RETURNING "id"::text AS "id"`,
        [perClient * clients],
      )
    ).rows.map((r) => r.id);
    await first.query('ANALYZE "Match"');

    let latencies = new Float64Array(1 << 17);
    let nLat = 0;
    let statements = 0;
    let noRow = 0;
    const start = performance.now();
    const end = start + seconds * 1000;
    const work = async (c: Client, k: number): Promise<void> => {
      const mine = ids.slice(k * perClient, (k + 1) * perClient);
      let m = 0;
      let version = 0;
      while (performance.now() < end) {
        const matchId = mine[m] as string;
        const last = version + 1 === EVENTS_PER_MATCH && m + 1 < mine.length;
        const payload = JSON.stringify({ square: SQUARES[version % SQUARES.length] });
        const t0 = performance.now();
        const values = [last ? 'finished' : 'active', matchId, version, 'MoveMade', version % 2, payload, null, null];
        const res = await (prepared
          ? c.query({ name: 'append', text: APPEND_SQL, values })
          : c.query(APPEND_SQL, values));
        const ms = performance.now() - t0;
        if (nLat === latencies.length) {
          const grown = new Float64Array(latencies.length * 2);
          grown.set(latencies);
          latencies = grown;
        }
        latencies[nLat++] = ms;
        statements++;
        if (res.rowCount !== 1) {
          noRow++;
          continue;
        }
        version++;
        if (last) {
          m++;
          version = 0;
        }
      }
    };
    await Promise.all(conns.map((c, k) => work(c, k)));
    const elapsed = (performance.now() - start) / 1000;
    onDone();
    const rowsAfter = Number(
      (
        await first.query<{ n: string }>(
          `SELECT count(*)::text AS n FROM "MatchEvent" WHERE "matchId" = ANY($1::uuid[])`,
          [ids],
        )
      ).rows[0]?.n ?? -1,
    );
    const sorted = latencies.slice(0, nLat).sort();
    return {
      prepared,
      clients,
      seconds: elapsed,
      statements,
      statementsPerSecond: statements / elapsed,
      noRow,
      latencyMs: {
        p50: quantile(sorted, 0.5),
        p99: quantile(sorted, 0.99),
        max: nLat ? (sorted[nLat - 1] as number) : NaN,
      },
      matches: ids.length,
      rowsAfter,
    };
  } finally {
    await Promise.all(conns.map((c) => c.end().catch(() => undefined)));
  }
}
