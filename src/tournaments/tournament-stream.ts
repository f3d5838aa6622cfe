import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { TournamentResponse } from './tournament.types';
import { TournamentService } from './tournament.service';

const POLL_MS = 500;
const HEARTBEAT_MS = 15_000;

/** How far a tournament has come: one step per round created, per match scored, and for the end. Only grows. */
export function progressOf(t: TournamentResponse): number {
  const scored = t.rounds.reduce((n, r) => n + r.matches.filter((m) => m.points !== null).length, 0);
  return t.rounds.length + scored + (t.status === 'finished' ? 1 : 0);
}

/**
 * `GET /tournaments/{id}/events`: Server-Sent Events, one per step of the tournament (a round created, a match
 * scored, the end), `id:` its progress count, `event:` `round.started`, `match.finished` or
 * `tournament.finished`, `data:` `{ "progress", "tournament": { …as GET /tournaments/{id}… } }`. Several steps
 * between two reads come as one event (of the latest kind). Resumes after `Last-Event-ID` (or `?after=`); a
 * comment line at least every 15 s; the stream ends after `tournament.finished`. The tournament's state is
 * re-read from the store, so every instance serves the same stream.
 */
@Injectable()
export class TournamentStream implements OnApplicationShutdown {
  private readonly open = new Set<() => void>();

  constructor(private readonly tournaments: TournamentService) {}

  async serve(id: string, after: number, reply: FastifyReply): Promise<void> {
    let last = await this.tournaments.get(id); // 404 before anything is sent
    let sent = after;
    const raw = reply.raw;
    raw.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    raw.write(': tournament events\n\n');
    let closed = false;
    const close = (): void => {
      closed = true;
    };
    raw.on('close', close);
    this.open.add(close);
    let quietSince = Date.now();
    try {
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
        last = await this.tournaments.get(id);
      }
    } finally {
      this.open.delete(close);
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
