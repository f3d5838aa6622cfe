/**
 * The per-host budget of one dispatcher (issue 25, L11): at most `concurrent` deliveries in flight to one host
 * and at most `perMinute` attempts started to it in any 60 s, across all matches. Without it, webhooks could be
 * aimed at any third party: five URLs per match, about 34 attempts per failing delivery, and as many matches as
 * the creation budget allows. It also keeps one silent host from taking every slot of the pool (M8).
 *
 * A delivery over budget is not attempted: the dispatcher defers it (a new due time, no attempt recorded).
 * The budget is held in memory, per instance: N instances allow N times the budget. Holding it in the database
 * would cost a write per attempt; a host is one name for this (its port apart), so the budget is what a
 * receiver sees from one turnbase process.
 */
const MINUTE_MS = 60_000;

/** Taken, or refused with the earliest time (epoch ms) the per-minute budget frees a start (null: a slot must free up). */
export type Take = { readonly ok: true } | { readonly ok: false; readonly retryAt: number | null };

interface HostUse {
  active: number;
  /** Start times within the last minute, oldest first. */
  readonly started: number[];
}

export class HostBudget {
  private readonly hosts = new Map<string, HostUse>();

  constructor(
    private readonly concurrent: number,
    private readonly perMinute: number,
  ) {}

  /** Takes a slot for one attempt to `host` at `now`, if its budget allows. */
  take(host: string, now: number): Take {
    let use = this.hosts.get(host);
    if (!use) this.hosts.set(host, (use = { active: 0, started: [] }));
    while (use.started.length > 0 && (use.started[0] as number) <= now - MINUTE_MS) use.started.shift();
    if (use.started.length >= this.perMinute) return { ok: false, retryAt: (use.started[0] as number) + MINUTE_MS };
    if (use.active >= this.concurrent) return { ok: false, retryAt: null };
    use.active++;
    use.started.push(now);
    return { ok: true };
  }

  /** Frees the slot of an attempt that ended. */
  release(host: string): void {
    const use = this.hosts.get(host);
    if (!use) return;
    use.active = Math.max(0, use.active - 1);
    // Forget a host at rest, so the map holds only hosts in use (its minute is kept while it has starts in it).
    if (use.active === 0 && use.started.length === 0) this.hosts.delete(host);
  }

  /** Attempts in flight to `host` now. */
  inFlight(host: string): number {
    return this.hosts.get(host)?.active ?? 0;
  }

  /** Drops the hosts with nothing in flight and no start in the last minute. */
  prune(now: number): void {
    for (const [host, use] of this.hosts) {
      while (use.started.length > 0 && (use.started[0] as number) <= now - MINUTE_MS) use.started.shift();
      if (use.active === 0 && use.started.length === 0) this.hosts.delete(host);
    }
  }
}

/** The host a budget is kept for: the URL's host name, lower case, without the port (null for a URL that does not parse). */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
}
