/**
 * The share of the delivery pool that slow hosts may hold (issue 35, N4): at most half of it, so whatever set
 * of hosts stops answering, the other half stays free for the hosts that answer. The per-host budget
 * (host-budget.ts) alone did not do it: 8 hosts with 8 slots each are a pool of 64.
 *
 * An attempt is slow when its host timed out at its last attempt or is paused (circuit-breaker.ts), or when it
 * has run WEBHOOK_SLOW_MS without an answer; a host with a slow attempt in flight is slow too. A new attempt to
 * a slow host starts only while the lane has room (else the delivery is deferred, no attempt recorded). An
 * attempt that turns slow while the lane is full is cut and deferred the same way, so a set of hosts that
 * never answered before cannot hold more than the share for longer than WEBHOOK_SLOW_MS either.
 *
 * A host not yet seen to answer (`proven`) has one attempt outside the lane, its probe; its further attempts
 * in flight are slow from the start. So 8 new hosts that never answer hold at most 8 + 32 of 64 slots at any
 * moment, and a ninth's first webhook finds a free slot at once. Without it, their first 64 attempts took the
 * whole pool until WEBHOOK_SLOW_MS had passed: the ninth's webhooks came 3.1-3.4 s late in the full suite.
 * Rejected: counting every attempt of an unproven host in the lane (a new host that answers would wait behind
 * the silent new ones), and a shorter WEBHOOK_TIMEOUT_MS (it would fail a slow receiver's deliveries, not only
 * keep it to its share).
 */
export class SlowLane {
  private total = 0;
  private readonly byHost = new Map<string, number>();
  /** Hosts seen slow (an attempt turned slow or was cut), until when (epoch ms), or until they answer. */
  private readonly seen = new Map<string, number>();

  constructor(readonly share: number) {}

  /** Whether `host` has a slow attempt in flight, or had one lately and has not answered since. */
  slow(host: string, now: number): boolean {
    if ((this.byHost.get(host) ?? 0) > 0) return true;
    const until = this.seen.get(host);
    if (until === undefined) return false;
    if (now < until) return true;
    this.seen.delete(host);
    return false;
  }

  /** An attempt to `host` ran slow (it joined the lane or was cut): the host is slow until `until`, or its next answer. */
  sawSlow(host: string, until: number): void {
    this.seen.set(host, Math.max(until, this.seen.get(host) ?? 0));
  }

  /** Hosts that answered an attempt of this process's, oldest first, at most PROVEN_HOSTS. */
  private readonly provenHosts = new Set<string>();

  /** An attempt to `host` was answered in time: it is not slow for what it did before. */
  answered(host: string): void {
    this.seen.delete(host);
    this.provenHosts.delete(host);
    this.provenHosts.add(host);
    if (this.provenHosts.size > PROVEN_HOSTS) this.provenHosts.delete(this.provenHosts.values().next().value as string);
  }

  /** Whether `host` answered an attempt of this process's (else only its first attempt in flight is outside the lane). */
  proven(host: string): boolean {
    return this.provenHosts.has(host);
  }

  /** Whether one more slow attempt fits. */
  hasRoom(): boolean {
    return this.total < this.share;
  }

  /** Slow attempts in flight now (to all hosts / to one). */
  inFlight(host?: string): number {
    return host === undefined ? this.total : (this.byHost.get(host) ?? 0);
  }

  /** Counts an attempt to `host` as slow; false (and nothing counted) when the lane is full. */
  enter(host: string): boolean {
    if (!this.hasRoom()) return false;
    this.total++;
    this.byHost.set(host, (this.byHost.get(host) ?? 0) + 1);
    return true;
  }

  /** A slow attempt ended. */
  leave(host: string): void {
    const n = this.byHost.get(host) ?? 0;
    if (n <= 0) return;
    this.total--;
    if (n === 1) this.byHost.delete(host);
    else this.byHost.set(host, n - 1);
  }
}

/** How many hosts that answered are remembered (the least recent forgotten first: it probes again). */
const PROVEN_HOSTS = 10_000;

/** The share of a pool of `concurrency` slots: half, rounded down, and at least one (a pool of one has no half). */
export const slowShareOf = (concurrency: number): number => Math.max(1, Math.floor(concurrency / 2));
