/**
 * A circuit breaker per webhook host (issue 35, N4): a host whose attempts keep running out of time is paused.
 * The audit's 8 hosts that accept and never answer held every slot of the delivery pool for WEBHOOK_TIMEOUT_MS
 * per attempt, again and again, and delayed everyone's webhooks by 14-18 s. Here:
 * - closed: attempts go; `trips` timeouts in a row (nothing answered in between) open it;
 * - open: no attempt starts to the host until the pause ends; its due deliveries are deferred (given back
 *   with a later due time and no attempt recorded), so they neither fail nor spend their retries;
 * - half-open, once the pause ended: one attempt (a probe) goes; the others wait for its result. An answer,
 *   any answer, closes the breaker; a timeout opens it again for twice the pause (at most `maxOpenMs`).
 * Only timeouts count: an answer (even a 500) or a refused connection ends at once and holds no slot, and the
 * retry backoff (retry.ts) already spaces those. Pure and in memory, per instance, like the host budget: the
 * dispatcher passes the time in. Rejected: pausing on failures of any kind (a receiver answering 500 would be
 * paused too, although it costs the pool nothing), and keeping the state in the database (a write per attempt).
 */

export interface BreakerOptions {
  /** Timeouts in a row that open a host's breaker. */
  readonly trips: number;
  /** The first pause; each reopening doubles it. */
  readonly openMs: number;
  /** The longest pause. */
  readonly maxOpenMs: number;
  /** How long a probe may take (the attempt's time limit): the others wait that long for its result. */
  readonly probeMs: number;
}

/** Whether an attempt to the host may start now; if not, the time (epoch ms) to look again. */
export type Admission = { readonly ok: true; readonly probe: boolean } | { readonly ok: false; readonly until: number };

type HostState =
  | { readonly kind: 'closed'; readonly timeouts: number }
  | { readonly kind: 'open'; readonly until: number; readonly pauseMs: number }
  | { readonly kind: 'half-open'; readonly probeUntil: number | null; readonly pauseMs: number };

export type BreakerState = HostState['kind'];

export class CircuitBreakers {
  private readonly hosts = new Map<string, HostState>();

  constructor(private readonly options: BreakerOptions) {}

  admit(host: string, now: number): Admission {
    const s = this.hosts.get(host);
    if (!s || s.kind === 'closed') return { ok: true, probe: false };
    if (s.kind === 'open') {
      if (now < s.until) return { ok: false, until: s.until };
      this.hosts.set(host, { kind: 'half-open', probeUntil: now + this.options.probeMs, pauseMs: s.pauseMs });
      return { ok: true, probe: true };
    }
    // Half-open: one probe at a time; a probe whose result never came (its attempt was cut) is replaced.
    if (s.probeUntil !== null && now < s.probeUntil) return { ok: false, until: s.probeUntil };
    this.hosts.set(host, { kind: 'half-open', probeUntil: now + this.options.probeMs, pauseMs: s.pauseMs });
    return { ok: true, probe: true };
  }

  /** The end of an attempt to `host`: answered (or failed at once), or out of time. */
  record(host: string, timedOut: boolean, now: number): void {
    const s = this.hosts.get(host);
    if (!timedOut) {
      if (s?.kind !== 'open') this.hosts.delete(host); // an answer closes it (an older attempt's does not reopen a pause)
      return;
    }
    if (!s || s.kind === 'closed') {
      const timeouts = (s?.timeouts ?? 0) + 1;
      if (timeouts >= this.options.trips) this.open(host, this.options.openMs, now);
      else this.hosts.set(host, { kind: 'closed', timeouts });
    } else if (s.kind === 'half-open') {
      this.open(host, Math.min(this.options.maxOpenMs, s.pauseMs * 2), now);
    } // open: an attempt started before the pause ran out of time; the pause stands
  }

  /** An attempt that was cut before its result (the dispatcher needed its slot): a probe's turn is free again. */
  cut(host: string): void {
    const s = this.hosts.get(host);
    if (s?.kind === 'half-open') this.hosts.set(host, { ...s, probeUntil: null });
  }

  /** Whether the host timed out at its last attempt (or is paused, or probed): its attempts count as slow. */
  slow(host: string): boolean {
    return this.hosts.has(host);
  }

  state(host: string): BreakerState {
    return this.hosts.get(host)?.kind ?? 'closed';
  }

  private open(host: string, pauseMs: number, now: number): void {
    this.hosts.set(host, { kind: 'open', until: now + pauseMs, pauseMs });
  }
}
