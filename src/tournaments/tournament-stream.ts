import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { LiveLimits } from '../live/limits';
import { TOURNAMENT_STORE, type TournamentProgress, type TournamentStore } from './tournament-store.port';
import type { TournamentResponse } from './tournament.types';
import { TournamentService } from './tournament.service';

const POLL_MS = 500;
const HEARTBEAT_MS = 15_000;

/** How far a tournament has come: one step per round created, per match scored, and for the end. Only grows. */
export function progressOf(t: TournamentResponse): number {
  const scored = t.rounds.reduce((n, r) => n + r.matches.filter((m) => m.points !== null).length, 0);
  return t.rounds.length + scored + (t.status === 'finished' ? 1 : 0);
}

/** The same count, from the tournament's own row (store.progress): what each poll reads. */
const stepsOf = (p: TournamentProgress): number => p.roundsCreated + p.matchesScored + (p.status === 'finished' ? 1 : 0);

/**
 * `GET /tournaments/{id}/events`: Server-Sent Events, one per step of the tournament (a round created, a match
 * scored, the end), `id:` its progress count, `event:` `round.started`, `match.finished` or
 * `tournament.finished`, `data:` `{ "progress", "tournament": { …as GET /tournaments/{id}… } }`. Several steps
 * between two reads come as one event (of the latest kind). Resumes after `Last-Event-ID` (or `?after=`); a
 * comment line at least every 15 s; the stream ends after `tournament.finished`. The tournament's state is
 * re-read from the store, so every instance serves the same stream.
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
    const release = this.limits.acquire(LiveLimits.keyOf(undefined, address)); // 429 before anything is sent
    let sent = after;
    const raw = reply.raw;
    let closed = false;
    const close = (): void => {
      closed = true;
    };
    try {
      raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      raw.write(': tournament events\n\n');
      raw.on('close', close);
      this.open.add(close);
      let quietSince = Date.now();
      while (!closed) {
        const progress = progressOf(last);
        if (progress > sent) {
          raw.write(`id: ${progress}\nevent: ${kindOf(last)}\ndata: ${JSON.stringify({ progress, tournament: last })}\n\n`);
          sent = progress;
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
        if (stepsOf(now) > sent) {
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

/** The kind of the latest step: the end, a new round (none of its matches scored yet), or a match scored. */
function kindOf(t: TournamentResponse): string {
  if (t.status === 'finished') return 'tournament.finished';
  const newest = t.rounds[t.rounds.length - 1];
  return newest && newest.matches.every((m) => m.points === null) ? 'round.started' : 'match.finished';
}
