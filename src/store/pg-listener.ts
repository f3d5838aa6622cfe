/**
 * LISTEN on a dedicated Postgres connection (not from the pool: a pooled connection would be handed to other
 * queries and lose its LISTEN), reopened with a growing delay whenever it drops. After every reconnect,
 * `onGap` says that notifications may have been missed meanwhile, so listeners re-read rather than wait.
 */
import { Client } from 'pg';

export interface Listening {
  /** Whether the connection is up and listening now (turnbase_listener_up). */
  connected(): boolean;
  close(): Promise<void>;
}

const MIN_DELAY_MS = 100;
const MAX_DELAY_MS = 5000;

export async function listenPostgres(url: string, channel: string, onPayload: (payload: string) => void, onGap: () => void): Promise<Listening> {
  let client: Client | null = null;
  let closed = false;
  let delay = MIN_DELAY_MS;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const c = new Client({ connectionString: url, keepAlive: true });
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onPayload(n.payload);
    });
    c.on('error', () => drop(c));
    c.on('end', () => drop(c));
    await c.connect();
    await c.query(`LISTEN "${channel}"`);
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

  await connect();
  return {
    connected: () => client !== null,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
