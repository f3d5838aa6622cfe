/**
 * Following a match live, with the best route the server offers (see api.ts `capabilities`):
 * 1. Server-Sent Events on `…/events?after=N&ticket=…`: each event carries its log entry and the match just after it.
 *    The ticket (POST /stream-tickets, single use) keeps the token out of the URL, where logs and history keep
 *    it; so EventSource's own reconnect (same URL) cannot be used, and the page reconnects itself with a fresh
 *    ticket and its cursor. `?token=` only on a server without tickets;
 * 2. else a long-poll on `…/moves?after=N&wait=25`;
 * 3. else a poll of the match (the server answers it from its state cache).
 * Whatever the route, the caller gets every new log entry once, in order, and the match after them.
 */
import { type Capabilities, api, matchPath, readLog } from './api';
import { EVENT_TYPES } from '../../src/matches/event-types';
import type { LogEntry, Match } from './types';

export interface Follower {
  onEntries(entries: LogEntry[]): void;
  onMatch(match: Match): void;
  onLive(mode: 'events' | 'long-poll' | 'poll'): void;
}

// The entry types a stream names in `event:` (docs/api.md), from the server's own list: EventSource hears only
// the types it listens for ('message' is an event without a name).
const STREAM_EVENTS = [...EVENT_TYPES, 'message'];
const POLL_MS = 1000;
const SAFETY_POLL_MS = 15000;

export function follow(
  game: string,
  id: string,
  token: string | undefined,
  caps: Capabilities,
  from: number,
  f: Follower,
): () => void {
  let version = from;
  let stopped = false;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const sleep = (ms: number) =>
    new Promise<void>((r) => {
      const t = setTimeout(() => {
        timers.delete(t);
        r();
      }, ms);
      timers.add(t);
    });

  /** Re-reads the log after `version` and the match: the one way every route catches up. */
  async function catchUp(): Promise<void> {
    await caughtUpTo(await api<Match>(matchPath(game, id), { token }));
  }

  async function caughtUpTo(match: Match): Promise<void> {
    const entries = await readLog(game, id, token, version);
    const fresh = entries.filter((e) => e.seq > version && e.seq <= match.version);
    if (stopped) return;
    if (fresh.length) f.onEntries(fresh);
    if (match.version >= version) {
      version = match.version;
      f.onMatch(match);
    }
  }

  async function poll(): Promise<void> {
    f.onLive('poll');
    while (!stopped) {
      await sleep(POLL_MS);
      try {
        const match = await api<Match>(matchPath(game, id), { token });
        if (match.version !== version) await caughtUpTo(match);
      } catch {
        /* offline for a moment: the next round tries again */
      }
    }
  }

  async function longPoll(): Promise<void> {
    f.onLive('long-poll');
    while (!stopped) {
      try {
        const page = await api<{ entries: LogEntry[] }>(`${matchPath(game, id)}/moves?after=${version}&wait=25`, {
          token,
        });
        if (page.entries.length) await catchUp();
      } catch {
        await sleep(2000);
      }
    }
  }

  function events(): void {
    let failures = 0;
    const onEvent = (e: MessageEvent<string>) => {
      const data = JSON.parse(e.data) as { entry?: LogEntry; match?: Match };
      if (!data.entry || !data.match || data.entry.seq <= version) return;
      if (data.entry.seq !== version + 1) return void catchUp().catch(() => undefined);
      version = data.entry.seq;
      f.onEntries([data.entry]);
      f.onMatch(data.match);
    };
    async function connect(): Promise<void> {
      const q = new URLSearchParams({ after: String(version) });
      if (token && caps.tickets) {
        try {
          q.set('ticket', (await api<{ ticket: string }>('/stream-tickets', { method: 'POST', token })).ticket);
        } catch {
          return void poll(); // no ticket, no stream: the token stays out of the URL
        }
      } else if (token) q.set('token', token);
      if (stopped) return;
      const source = new EventSource(`${matchPath(game, id)}/events?${q}`);
      source.onopen = () => {
        failures = 0;
        f.onLive('events');
      };
      for (const type of STREAM_EVENTS) source.addEventListener(type, onEvent as EventListener);
      // Whenever the stream ends or is refused: reconnect ourselves (a ticket opens one stream), after the last
      // event seen; after a few failures in a row, poll instead.
      source.onerror = () => {
        source.close();
        if (stopped) return;
        if (++failures > 3) return void poll();
        void sleep(500 * failures).then(() => (stopped ? undefined : connect()));
      };
      stop.push(() => source.close());
    }
    void connect();
    // An event type this page does not know yet still shows up, a little later, through a slow re-read.
    void (async () => {
      while (!stopped) {
        await sleep(SAFETY_POLL_MS);
        if (!stopped) await catchUp().catch(() => undefined);
      }
    })();
  }

  const stop: (() => void)[] = [];
  if (caps.events) events();
  else if (caps.longPoll) void longPoll();
  else void poll();
  return () => {
    stopped = true;
    stop.forEach((s) => s());
    timers.forEach((t) => clearTimeout(t));
  };
}
