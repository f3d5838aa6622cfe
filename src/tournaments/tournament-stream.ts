import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { LiveLimits } from '../live/limits';
import { TOURNAMENT_STORE, type TournamentProgress, type TournamentStore } from './tournament-store.port';
import type { TournamentResponse } from './tournament.types';
import { TournamentService } from './tournament.service';

const POLL_MS = 500;
const HEARTBEAT_MS = 15_000;

/** How far a tournament has come, from its own row (store.progress): what each poll reads. Only grows. */
const progressOfRow = (p: TournamentProgress): number =>
  p.roundsCreated + p.matchesScored + (p.status === 'finished' ? 1 : 0);

/**
 * `GET /tournaments/{id}/events`: Server-Sent Events, one per step of the tournament (a round created, a match
 * scored, the end), `id:` the step's number (its progress count), `event:` `round.started`, `match.finished` or
 * `tournament.finished`, `data:` `{ "progress", "round", "tournament": { …as GET /tournaments/{id}… } }`. Steps
 * that happened between two reads each get their event, in order: their kinds follow from the rounds (a round is
 * created only when every match of the one before has ended), so no step is merged into another. `tournament`
 * is the tournament as read when the event was sent (it may already show later steps). Resumes after
 * `Last-Event-ID` (or `?after=`); a comment line at least every 15 s; the stream ends after
 * `tournament.finished`. The tournament's state is re-read from the store, so every instance serves the same
 * stream.
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
    let last = await this.tournaments.get(id); // 404 before anything is held or sent
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
        const steps = stepsOf(last);
        if (steps.length > sent) {
          for (let n = sent + 1; n <= steps.length; n++) {
            const step = steps[n - 1] as Step;
            raw.write(
              `id: ${n}\nevent: ${step.kind}\ndata: ${JSON.stringify({ progress: n, round: step.round, tournament: last })}\n\n`,
            );
          }
          sent = steps.length;
          quietSince = Date.now();
        }
        if (last.status === 'finished') break;
        if (Date.now() - quietSince >= HEARTBEAT_MS) {
          raw.write(': still running\n\n');
          quietSince = Date.now();
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (closed) break;
        // Past the headers an error can only end the stream: the client resumes with Last-Event-ID.
        const now = await this.store.progress(last.id).catch(() => null);
        if (now === null) break;
        if (progressOfRow(now) > sent) {
          const read = await this.tournaments.get(last.id).catch(() => null);
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

export type StepKind = 'round.started' | 'match.finished' | 'tournament.finished';
interface Step {
  kind: StepKind;
  round: number | null;
}

/**
 * Every step so far, in the order they happened: each round's creation, then its matches scored, then the next
 * round (created only once every match of the last has ended), then the end. A step's number is its progress count.
 */
export function stepsOf(t: TournamentResponse): Step[] {
  const steps: Step[] = [];
  for (const r of t.rounds) {
    steps.push({ kind: 'round.started', round: r.round });
    for (const m of r.matches) if (m.points !== null) steps.push({ kind: 'match.finished', round: r.round });
  }
  if (t.status === 'finished') steps.push({ kind: 'tournament.finished', round: null });
  return steps;
}
