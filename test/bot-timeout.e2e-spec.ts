import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import type { Body } from './support/body';
import { waitForTournament } from './support/bots';
import { scratchDatabase } from './support/scratch-db';
import { startTimedApp } from './support/timed-app';

/** An HTTP bot that thinks: its first turn on each path is answered after `firstMs`, later ones at once. */
function thinkingBot(firstMs: number): Promise<{ server: Server; url: string; requests: Map<string, number> }> {
  const requests = new Map<string, number>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = req.url ?? '';
      const n = (requests.get(path) ?? 0) + 1;
      requests.set(path, n);
      const turn = JSON.parse(body) as { legalMoves: unknown[] };
      const answer = (): void => {
        if (!res.destroyed)
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ move: turn.legalMoves[0] }));
      };
      if (n === 1) setTimeout(answer, firstMs);
      else answer();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests });
    }),
  );
}

describe('botTimeoutMs: how long the HTTP bots of one tournament may think (issue 26 item 6)', () => {
  it('a bot that takes 1.5 s loses on time under the server default of 1 s, and plays where its tournament allows 3 s', async () => {
    const bot = await thinkingBot(1500);
    // A database of its own: other test files' bot runners must not claim these bots' turns.
    const scratch = await scratchDatabase('turnbase_bot_timeout');
    const { app } = await startTimedApp({
      databaseUrl: scratch.url,
      webhookAllowPrivate: true,
      botHttpTimeoutMs: 1000,
      botSweepMs: 20,
      clockSweepMs: 200,
      tournamentSweepMs: 100,
    });
    try {
      const http = () => request(app.getHttpServer());
      const body = (path: string, extra: object) => ({
        game: 'reversi',
        format: 'round-robin',
        timeControl: { perMoveSeconds: 30 },
        ...extra,
        entrants: [
          { name: 'thinker', url: `${bot.url}${path}` },
          { name: 'greedy', bot: 'greedy' },
        ],
      });
      for (const bad of [0, 60_001, 1.5, '3000']) {
        const res = await http()
          .post('/tournaments')
          .send(body('/never', { botTimeoutMs: bad }))
          .expect(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
      }
      const hasty = await http().post('/tournaments').send(body('/default', {})).expect(201);
      expect(hasty.body.botTimeoutMs).toBe(1000); // the server's BOT_HTTP_TIMEOUT_MS
      const patient = await http()
        .post('/tournaments')
        .send(body('/patient', { botTimeoutMs: 3000 }))
        .expect(201);
      expect(patient.body.botTimeoutMs).toBe(3000);
      expect((await http().get(`/tournaments/${patient.body.id}`).expect(200)).body.botTimeoutMs).toBe(3000);

      const outcomeOf = async (t: Body) => {
        const m = (t as { rounds: { matches: { id: string; seats: string[] }[] }[] }).rounds[0]!.matches[0]!;
        const match = await http().get(`/games/reversi/matches/${m.id}`).expect(200);
        const log = await http().get(`/games/reversi/matches/${m.id}/moves`).expect(200);
        const seat = m.seats.indexOf('thinker');
        return { outcome: match.body.outcome, seat, entries: log.body.entries as { seat: number; type: string }[] };
      };
      const lost = await outcomeOf(await waitForTournament(app, hasty.body.id, 60_000));
      expect(lost.outcome.reason).toBe('timeout');
      expect(lost.outcome.winners).toEqual([1 - lost.seat]);
      expect(lost.entries.filter((e) => e.seat === lost.seat).map((e) => e.type)).toEqual(['TimedOut']);

      const played = await outcomeOf(await waitForTournament(app, patient.body.id, 60_000));
      expect(played.outcome.reason).not.toBe('timeout');
      const own = played.entries.filter((e) => e.seat === played.seat);
      expect(own.length).toBeGreaterThan(1);
      expect(own.every((e) => e.type === 'MoveMade')).toBe(true); // its first, 1.5 s turn included
      const entrant = (await http().get(`/tournaments/${patient.body.id}`).expect(200)).body.entrants.find(
        (e: { name: string }) => e.name === 'thinker',
      );
      expect(entrant.failures).toBe(0);
      expect(bot.requests.get('/never')).toBeUndefined();
    } finally {
      await app.close();
      await scratch.drop();
      bot.server.closeAllConnections();
      bot.server.close();
    }
  }, 120_000);
});
