import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { LiveLimits } from '../live/limits';
import {
  TOURNAMENT_STORE,
  type TournamentMatchRecord,
  type TournamentProgress,
  type TournamentRecord,
  type TournamentStore,
} from './tournament-store.port';
import type { StandingView, StepKind, TournamentEventData } from './tournament.types';
import { TournamentService, matchView } from './tournament.service';

const POLL_MS = 500;
const HEARTBEAT_MS = 15_000;

/** How far a tournament has come, from its own row (store.progress): what each poll reads. Only grows. */
const progressOfRow = (p: TournamentProgress): number =>
  p.roundsCreated + p.matchesScored + (p.status === 'finished' ? 1 : 0);

/**
 * `GET /tournaments/{id}/events`: Server-Sent Events, one per step of the tournament (a round created, a match
 * scored, the end), `id:` the step's number (its progress count), `event:` its type, `data:` what changed at
 * that step alone (docs/api.md "Tournament events"):
 * - `round.started`: `{ "type", "progress", "round": { "round", "matches": [{ "id", "seats", "points": null }] } }`;
 * - `match.finished`: `{ "type", "progress", "match": { "id", "round", "seats", "points" }, "standings" }`;
 * - `tournament.finished`: `{ "type", "progress", "standings" }`, then the stream ends.
 * `standings` are those of that step (the matches scored up to it). Steps are numbered in the order they were
 * written: a match's result keeps the step it was counted at (store.setResult, under the tournament's row lock),
 * and the rounds take the other numbers in order, so in an arena, where rounds and results interleave, a step's
 * number never changes and Last-Event-ID (or `?after=`) resumes exactly. A comment line at least every 15 s. The
 * tournament is re-read from the store, so every instance serves the same stream.
 *
 * Rejected: the whole tournament in every event (the version before issue 35): 17.7 KB an event after 133
 * matches, 2.5 MB for a one-minute arena, growing with the square of the matches. An event now holds one round's
 * tables or one match and the standings: bounded by the entrants (at most 64), whatever the matches played.
 *
 * Each poll reads the tournament's progress alone (three columns of its row); the whole tournament (entrants,
 * matches, standings, ratings) is read only when that progress grew. Reading it whole on every poll made 16
 * open streams cost 80% of a core (issue 25, M7). Each stream holds one of the live places of its client
 * address (LiveLimits, as a match stream without a token does), so one client cannot open them without end.
 */
@Injectable()
export class TournamentStream implements OnApplicationShutdown {
  private readonly open = new Set<() => void>();

  constructor(
    private readonly tournaments: TournamentService,
    private readonly limits: LiveLimits,
    @Inject(TOURNAMENT_STORE) private readonly store: TournamentStore,
  ) {}

  async serve(id: string, after: number, address: string, reply: FastifyReply): Promise<void> {
    let last = await this.tournaments.state(id); // 404 before anything is held or sent
    const release = this.limits.acquire(LiveLimits.keyOf(undefined, address), 'sse'); // 429 before anything is sent
    let sent = after;
    const raw = reply.raw;
    let closed = false;
    const close = (): void => {
      closed = true;
    };
    try {
      reply.hijack(); // the response is written here; what Fastify set so far (CORS) goes out with it
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string | number | string[]>),
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write(': tournament events\n\n');
      raw.on('close', close);
      this.open.add(close);
      let quietSince = Date.now();
      while (!closed) {
        const steps = stepsOf(last.t);
        if (steps.length > sent) {
          for (let n = sent + 1; n <= steps.length; n++) {
            const data = eventOf(last.t, steps, n, last.standings);
            raw.write(`id: ${n}\nevent: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
          }
          sent = steps.length;
          quietSince = Date.now();
        }
        if (last.t.status === 'finished') break;
        if (Date.now() - quietSince >= HEARTBEAT_MS) {
          raw.write(': still running\n\n');
          quietSince = Date.now();
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (closed) break;
        // Past the headers an error can only end the stream: the client resumes with Last-Event-ID.
        const now = await this.store.progress(last.t.id).catch(() => null);
        if (now === null) break;
        if (progressOfRow(now) > sent) {
          const read = await this.tournaments.state(last.t.id).catch(() => null);
          if (read === null) break;
          last = read;
        }
      }
    } finally {
      this.open.delete(close);
      release();
      raw.end();
    }
  }

  onApplicationShutdown(): void {
    for (const close of this.open) close();
  }
}

/** A step: a round's creation (`round`), a match scored (`match`, its index in the tournament's matches), or the end. */
export interface Step {
  readonly kind: StepKind;
  readonly round: number | null;
  readonly match: number | null;
}

/**
 * Every step so far, in the order they were written (the index is the step's number minus 1). Results carry the
 * step they were counted at; the rounds fill the other numbers, in order. A tournament with a result written
 * before issue 35 (no step kept) is numbered as then: each round's creation, then its matches scored, round by
 * round (right wherever rounds do not overlap: a round robin, a Swiss).
 */
export function stepsOf(t: Pick<TournamentRecord, 'matches' | 'roundsCreated' | 'status'>): Step[] {
  const scored = t.matches.flatMap((m, i) => (m.result === null ? [] : [{ m, i }]));
  const steps: Step[] = [];
  if (scored.every(({ m }) => m.result?.step !== undefined)) {
    const total = t.roundsCreated + scored.length;
    const at = new Map(scored.map(({ m, i }) => [m.result?.step as number, i]));
    let round = 0;
    for (let n = 1; n <= total; n++) {
      const i = at.get(n);
      if (i !== undefined)
        steps.push({ kind: 'match.finished', round: (t.matches[i] as TournamentMatchRecord).round, match: i });
      else steps.push({ kind: 'round.started', round: ++round, match: null });
    }
  } else {
    for (let r = 1; r <= t.roundsCreated; r++) {
      steps.push({ kind: 'round.started', round: r, match: null });
      for (const { m, i } of scored) if (m.round === r) steps.push({ kind: 'match.finished', round: r, match: i });
    }
  }
  if (t.status === 'finished') steps.push({ kind: 'tournament.finished', round: null, match: null });
  return steps;
}

/** The data of step `n` (from 1): its round's tables, or its match and the standings as they were then. */
export function eventOf(
  t: TournamentRecord,
  steps: readonly Step[],
  n: number,
  standings: (matches: readonly TournamentMatchRecord[], roundsCreated: number) => StandingView[],
): TournamentEventData {
  const step = steps[n - 1] as Step;
  const names = t.entrants.map((e) => e.name);
  if (step.kind === 'round.started') {
    const r = step.round as number;
    const matches = t.matches.filter((m) => m.round === r).map((m) => ({ ...matchView(m, names), points: null }));
    return { type: step.kind, progress: n, round: { round: r, matches } };
  }
  // The standings of step n: the rounds created and the results scored up to it.
  const upTo = steps.slice(0, n);
  const rounds = upTo.filter((s) => s.kind === 'round.started').length;
  const counted = new Set(upTo.flatMap((s) => (s.match === null ? [] : [s.match])));
  const matches = t.matches.flatMap((m, i) => (m.round > rounds ? [] : [counted.has(i) ? m : { ...m, result: null }]));
  const table = standings(matches, rounds);
  if (step.kind === 'tournament.finished') return { type: step.kind, progress: n, standings: table };
  const m = t.matches[step.match as number] as TournamentMatchRecord;
  return { type: step.kind, progress: n, match: { ...matchView(m, names), round: m.round }, standings: table };
}
