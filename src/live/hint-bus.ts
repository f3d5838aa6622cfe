/**
 * The port between instances: hints ("match M reached seq S") published by one instance and heard by the
 * others. Only a hint: a lost one costs latency (the periodic re-check covers it), never correctness. On
 * Postgres it is NOTIFY/LISTEN; a changefeed, logical replication or a pub/sub could replace it here.
 */
import { Prisma } from '../generated/prisma/client';
import type { Database } from '../store/database';

export interface HintBus {
  /** Sends one payload (at most 7,900 bytes) to every other instance. */
  publish(payload: string): Promise<void>;
  /** Calls `onPayload` for each payload published by anyone, and `onGap` after a break in listening. */
  subscribe(onPayload: (payload: string) => void, onGap: () => void): Promise<{ close(): Promise<void> }>;
}

export const HINT_BUS = Symbol('HINT_BUS');
export const EVENTS_CHANNEL = 'turnbase_events';

/**
 * Postgres NOTIFY in a statement of its own, after the append has committed, and LISTEN on a dedicated
 * connection. Never NOTIFY from a trigger in the append: a notifying transaction holds a database-wide lock
 * through its commit's WAL flush, which serialized every append (2,100-3,600 appends/s without, 160-220 with,
 * 16 pgbench clients on the machine's Postgres 15); and on a sharded Postgres a trigger fires on the worker,
 * where nobody listens (docs/scaling.md).
 */
export function postgresHintBus(db: Database & Required<Pick<Database, 'listen'>>): HintBus {
  return {
    publish: async (payload) => {
      // A named statement (Database.run): one per batch of appends, so Postgres does not parse and plan it each time.
      await db.run(Prisma.sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${payload})::text AS "sent"`);
    },
    subscribe: (onPayload, onGap) => db.listen(EVENTS_CHANNEL, onPayload, onGap),
  };
}

/** The bus for this database: none for the embedded PGlite, which is one process. */
export function hintBusFor(db: Database): HintBus | null {
  return db.listen ? postgresHintBus(db as Database & Required<Pick<Database, 'listen'>>) : null;
}
