/**
 * LISTEN on a dedicated Postgres connection (not from the pool: a pooled connection would be handed to other
 * queries and lose its LISTEN), reopened with a growing delay whenever it drops. After every reconnect,
 * `onGap` says that notifications may have been missed meanwhile, so listeners re-read rather than wait.
 *
 * A LISTEN connection only reads, so nothing tells it that its server froze (issue 28: SIGSTOP, or a VIP moved
 * away) or was demoted: it gets the pool's connect and query timeouts and TCP keepalive, it refuses a standby
 * (NOTIFY is sent on the primary only: a listener on the standby would hear nothing, forever), and a probe
 * (its `LISTEN` again every `listenProbeMs`, answered within `connectMs`) drops and reopens it when the server is gone.
 */
import { Client } from 'pg';
import { type DatabaseTimeouts, DEFAULT_DB_TIMEOUTS, connectionOptions, refuseStandby } from './connection';

export interface Listening {
  /** Whether the connection is up and listening now (turnbase_listener_up). */
  connected(): boolean;
  close(): Promise<void>;
}

const MIN_DELAY_MS = 100;
const MAX_DELAY_MS = 5000;

export async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onGap: () => void,
  timeouts: DatabaseTimeouts = DEFAULT_DB_TIMEOUTS,
): Promise<Listening> {
  let client: Client | null = null;
  let closed = false;
  let delay = MIN_DELAY_MS;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const c = new Client({ ...connectionOptions(url, timeouts), query_timeout: timeouts.connectMs });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    c.on('error', () => drop(c));
    c.on('end', () => drop(c));
    try {
      await c.connect();
      await refuseStandby(c);
      await c.query(`LISTEN "${channel}"`);
    } catch (error) {
      c.removeAllListeners('end');
      c.on('error', () => undefined);
      await c.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    delay = MIN_DELAY_MS;
  };

  const drop = (c: Client): void => {
    if (client !== c || closed) return;
    client = null;
    c.end().catch(() => undefined);
    schedule();
  };

  const schedule = (): void => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      connect().then(onGap, () => {
        delay = Math.min(delay * 2, MAX_DELAY_MS);
        schedule();
      });
    }, delay);
  };

  const probe = setInterval(() => {
    const c = client;
    if (!c) return;
    // LISTEN again (a no-op on a channel already listened to) rather than SELECT 1: the connection's last
    // statement stays its LISTEN, as operators (and test/live.e2e-spec.ts) find it in pg_stat_activity. A frozen
    // or vanished server: query_timeout (connectMs) ends the wait and the connection is reopened.
    c.query(`LISTEN "${channel}"`).catch(() => drop(c));
  }, timeouts.listenProbeMs);
  probe.unref();

  try {
    await connect();
  } catch (error) {
    clearInterval(probe);
    throw error;
  }
  return {
    connected: () => client !== null,
    close: async () => {
      closed = true;
      clearInterval(probe);
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
