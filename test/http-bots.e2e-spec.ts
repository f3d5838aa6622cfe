import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { expectConsistent, waitForTournament } from './support/bots';
import { scratchDatabase } from './support/scratch-db';
import { startTimedApp } from './support/timed-app';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** HTTP bots on one local server: /good answers its first legal move, /silent never answers, /illegal answers a move it may not play. */
function botServer(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.url === '/silent') return; // never answers: the server's deadline must end the wait
      if (req.url === '/illegal')
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ move: { square: 'a1' } }));
      const turn = JSON.parse(body) as { legalMoves: unknown[] };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ move: turn.legalMoves[0] }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received });
    }),
  );
}

describe('a tournament of HTTP bots', () => {
  it('one bot answers legally, one never answers, one is built in: it finishes, the silent bot loses on time, every request is signed', async () => {
    const bots = await botServer();
    // A database of its own: the bot runners of other test files' apps, which share the common one (and may
    // not reach private addresses), must not claim these bots' turns and count calls against them.
    const scratch = await scratchDatabase('turnbase_http_bots');
    const { app } = await startTimedApp({
      databaseUrl: scratch.url,
      webhookAllowPrivate: true,
      botHttpTimeoutMs: 1000,
      botSweepMs: 20,
      clockSweepMs: 200,
      tournamentSweepMs: 100,
    });
    try {
      const entrants = [
        { name: 'good', url: `${bots.url}/good` },
        { name: 'silent', url: `${bots.url}/silent` },
        { name: 'builtin', bot: 'greedy' },
      ];
      const created = await request(app.getHttpServer())
        .post('/tournaments')
        .send({ game: 'reversi', format: 'round-robin', timeControl: { perMoveSeconds: 2 }, entrants })
        .expect(201);
      const secrets = new Map<string, string>(
        created.body.entrants
          .filter((e: { webhookSecret?: string }) => e.webhookSecret)
          .map((e: { name: string; webhookSecret: string }) => [e.name, e.webhookSecret]),
      );
      expect([...secrets.keys()].sort()).toEqual(['good', 'silent']);
      expect(secrets.get('good')).toMatch(/^whsec_/);

      const t = await waitForTournament(app, created.body.id, 110_000);
      expectConsistent(
        t,
        entrants.map((e) => e.name),
      );
      const silent = t.standings.find((s: { name: string }) => s.name === 'silent');
      expect(silent).toMatchObject({ points: 0, played: 2 });
      for (const round of t.rounds) {
        for (const m of round.matches) {
          if (!m.seats.includes('silent')) continue;
          const match = await request(app.getHttpServer()).get(`/games/reversi/matches/${m.id}`).expect(200);
          expect(match.body.outcome.reason).toBe('timeout');
          expect(match.body.outcome.winners).toEqual([1 - m.seats.indexOf('silent')]);
        }
      }
      // The secret is shown once: GET never carries it.
      const again = await request(app.getHttpServer()).get(`/tournaments/${created.body.id}`).expect(200);
      expect(JSON.stringify(again.body)).not.toContain('whsec_');
      const good = again.body.entrants.find((e: { name: string }) => e.name === 'good');
      expect(good.requests).toBeGreaterThan(0);
      expect(good.failures).toBe(0);
      expect(typeof good.meanLatencyMs).toBe('number');
      expect(again.body.entrants.find((e: { name: string }) => e.name === 'silent')).toMatchObject({
        requests: 2,
        failures: 2,
      });

      // Every request to either bot is signed with its own secret (Standard Webhooks) and carries the turn.
      expect(bots.received.length).toBe(good.requests + 2);
      for (const r of bots.received) {
        const secret = secrets.get(r.path.slice(1)) as string;
        expect(() => new Webhook(secret).verify(r.body, r.headers as Record<string, string>)).not.toThrow();
        const turn = JSON.parse(r.body);
        expect(Object.keys(turn).sort()).toEqual([
          'deadlineAt',
          'game',
          'legalMoves',
          'match',
          'matchId',
          'seat',
          'version',
        ]);
        expect(turn.match.you).toBe(turn.seat);
        expect(turn.match.version).toBe(turn.version);
        expect(turn.legalMoves.length).toBeGreaterThan(0);
      }
      // Every turn, as sent, is what the spec's HttpBotTurn component says (so the two cannot drift apart).
      const { SpecChecker } = await import('./support/spec-check');
      const spec = new SpecChecker((await request(app.getHttpServer()).get('/openapi.json').expect(200)).body);
      for (const r of bots.received) expect(spec.checkComponent('HttpBotTurn', r.body)).toEqual([]);
      expect(secrets.get('good')).not.toBe(secrets.get('silent'));
    } finally {
      await app.close();
      await scratch.drop();
      bots.server.closeAllConnections();
      bots.server.close();
    }
  }, 120_000);

  it("a bot that answers an illegal move misses its turn: a timeout under the match's policy, counted as a failure with its latency", async () => {
    const bots = await botServer();
    const scratch = await scratchDatabase('turnbase_http_bots_illegal');
    const { app } = await startTimedApp({
      databaseUrl: scratch.url,
      webhookAllowPrivate: true,
      botHttpTimeoutMs: 1000,
      botSweepMs: 20,
      clockSweepMs: 200,
      tournamentSweepMs: 100,
    });
    try {
      // "random": the server plays a random legal move for a seat that misses its turn, and the match goes on.
      const entrants = [
        { name: 'illegal', url: `${bots.url}/illegal` },
        { name: 'builtin', bot: 'greedy' },
      ];
      const created = await request(app.getHttpServer())
        .post('/tournaments')
        .send({
          game: 'reversi',
          format: 'round-robin',
          timeControl: { perMoveSeconds: 5 },
          onTimeout: 'random',
          entrants,
        })
        .expect(201);
      const t = await waitForTournament(app, created.body.id, 60_000);
      expectConsistent(
        t,
        entrants.map((e) => e.name),
      );
      const m = t.rounds[0].matches[0];
      const seat = m.seats.indexOf('illegal');
      const match = await request(app.getHttpServer()).get(`/games/reversi/matches/${m.id}`).expect(200);
      expect(match.body.status).toBe('finished');
      const log = await request(app.getHttpServer()).get(`/games/reversi/matches/${m.id}/moves`).expect(200);
      const entries = log.body.entries as { seat: number; type: string }[];
      // Every turn of the illegal bot is a timeout (none of its answers was played); the other seat moved.
      const timeouts = entries.filter((e) => e.type === 'TimedOut');
      expect(timeouts.length).toBeGreaterThan(0);
      expect(timeouts.every((e) => e.seat === seat)).toBe(true);
      expect(entries.some((e) => e.seat === 1 - seat && e.type === 'MoveMade')).toBe(true);

      const after = await request(app.getHttpServer()).get(`/tournaments/${created.body.id}`).expect(200);
      const illegal = after.body.entrants.find((e: { name: string }) => e.name === 'illegal');
      expect(illegal).toMatchObject({ requests: timeouts.length, failures: timeouts.length });
      expect(typeof illegal.meanLatencyMs).toBe('number');
      expect(illegal.meanLatencyMs).toBeGreaterThanOrEqual(0);
      expect(bots.received.length).toBe(timeouts.length);
      for (const r of bots.received) expect(JSON.parse(r.body).legalMoves).not.toContainEqual({ square: 'a1' });
    } finally {
      await app.close();
      await scratch.drop();
      bots.server.closeAllConnections();
      bots.server.close();
    }
  }, 90_000);
});
