import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import type { Body } from './support/body';
import { waitForTournament } from './support/bots';
import { scratchDatabase } from './support/scratch-db';
import { startTimedApp } from './support/timed-app';

/** One request as the fake bot host saw it. */
interface Received {
  path: string;
  at: number;
  headers: IncomingMessage['headers'];
  body: string;
}

type Handler = (r: Received, n: number, res: ServerResponse) => void;

/** A bot host: each path's handler gets the request and how many that path has had (from 1). */
function botHost(
  handlers: Record<string, Handler>,
  port = 0,
): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const r: Received = { path: req.url ?? '', at: Date.now(), headers: req.headers, body };
      received.push(r);
      const handler = handlers[r.path];
      if (!handler) return res.writeHead(404).end();
      handler(r, received.filter((x) => x.path === r.path).length, res);
    });
  });
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => {
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received });
    }),
  );
}

const firstLegal = (r: Received, res: ServerResponse): void => {
  const turn = JSON.parse(r.body) as { legalMoves: unknown[] };
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ move: turn.legalMoves[0] }));
};

const close = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** A port nothing listens on (yet): taken from the system, then let go. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

const ownSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

describe("HTTP bots get their turns (issue 35 item 3): their own secret, startsAt, failed answers retried to the turn's deadline", () => {
  let app: NestFastifyApplication;
  let drop: () => Promise<void>;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    // A database of its own: other files' bot runners (which may not reach private addresses) must not take these turns.
    const scratch = await scratchDatabase('turnbase_bot_turns');
    drop = () => scratch.drop();
    ({ app } = await startTimedApp({
      databaseUrl: scratch.url,
      webhookAllowPrivate: true,
      botHttpTimeoutMs: 5000,
      botSweepMs: 20,
      clockSweepMs: 200,
      tournamentSweepMs: 100,
    }));
  });

  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  /** The log of a tournament's only match, and the seat of `name` in it. */
  async function onlyMatch(t: Body, name: string) {
    const m = (t.rounds as { matches: { id: string; seats: string[] }[] }[])[0]!.matches[0]!;
    const match = await http().get(`/games/reversi/matches/${m.id}`).expect(200);
    const log = await http().get(`/games/reversi/matches/${m.id}/moves?limit=200`).expect(200);
    return {
      id: m.id,
      match: match.body,
      seat: m.seats.indexOf(name),
      entries: log.body.entries as { seq: number; seat: number; type: string; at: string }[],
    };
  }

  const entrantOf = async (id: string, name: string) =>
    ((await http().get(`/tournaments/${id}`).expect(200)).body.entrants as { name: string }[]).find(
      (e) => e.name === name,
    ) as { name: string; requests: number; failures: number };

  it('a bad webhookSecret, or one on an entrant that is no HTTP bot, is 400 VALIDATION_FAILED saying why; so is a bad startsAt', async () => {
    const create = (entrant: object, extra: object = {}) =>
      http()
        .post('/tournaments')
        .send({ game: 'reversi', format: 'round-robin', entrants: [entrant, { name: 'g', bot: 'greedy' }], ...extra });
    const url = 'http://127.0.0.1:9/turn';
    const bad: [unknown, RegExp][] = [
      ['hunter2', /start with "whsec_"/],
      [randomBytes(32).toString('base64'), /start with "whsec_"/],
      [`whsec_${randomBytes(16).toString('base64')}`, /16 bytes/],
      [`whsec_${randomBytes(65).toString('base64')}`, /65 bytes/],
      ['whsec_not base64 at all!', /not base64/],
      [`whsec_${randomBytes(32).toString('base64')}x`, /not base64/],
      [`whsec_${randomBytes(32).toString('base64url')}_-`, /not base64/],
      [42, /not a string/],
      [{ secret: 'x' }, /not a string/],
    ];
    for (const [webhookSecret, why] of bad) {
      const res = await create({ name: 'h', url, webhookSecret }).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'entrants/webhook-secret' });
      expect(res.body.message).toMatch(/^entrants\.0\.webhookSecret: /);
      expect(res.body.message).toMatch(why);
    }
    const onBot = await create({ name: 'b', bot: 'random', webhookSecret: ownSecret() }).expect(400);
    expect(onBot.body).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'entrants/kind' });

    const past = new Date(Date.now() - 3_600_000).toISOString();
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString();
    for (const [startsAt, reason] of [
      ['soon', 'tournament/starts-at'],
      ['2026-06-01', 'tournament/starts-at'],
      ['2026-06-01T25:00:00Z', 'tournament/starts-at'],
      [past, 'tournament/starts-at-past'],
      ['1970-01-01T00:00:00Z', 'tournament/starts-at-past'],
      [far, 'tournament/starts-at-far'],
    ] as const) {
      const res = await create({ name: 'b', bot: 'random' }, { startsAt }).expect(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', reason });
    }
    const typed = await create({ name: 'b', bot: 'random' }, { startsAt: 1_780_000_000_000 }).expect(400);
    expect(typed.body.code).toBe('VALIDATION_FAILED');
  });

  it('an HTTP bot with its own secret plays from its first turn: every request verifies with that secret, which the answer does not repeat', async () => {
    const secret = ownSecret();
    let refused = 0;
    const host = await botHost({
      '/own': (r, _n, res) => {
        try {
          new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
        } catch {
          refused++;
          return res.writeHead(401).end();
        }
        firstLegal(r, res);
      },
    });
    try {
      const created = await http()
        .post('/tournaments')
        .send({
          game: 'reversi',
          format: 'round-robin',
          timeControl: { perMoveSeconds: 10 },
          entrants: [
            { name: 'own', url: `${host.url}/own`, webhookSecret: secret },
            { name: 'greedy', bot: 'greedy' },
          ],
        })
        .expect(201);
      expect(JSON.stringify(created.body)).not.toContain('whsec_');
      expect(created.body.entrants.find((e: { name: string }) => e.name === 'own').webhookSecret).toBeUndefined();
      const t = await waitForTournament(app, created.body.id, 60_000);
      const { match, seat, entries } = await onlyMatch(t, 'own');
      expect(match.status).toBe('finished');
      expect(match.outcome.reason).not.toBe('timeout');
      const own = entries.filter((e) => e.seat === seat);
      expect(own.length).toBeGreaterThan(5);
      expect(own.every((e) => e.type === 'MoveMade')).toBe(true); // its first turn included
      expect(refused).toBe(0);
      expect(host.received).toHaveLength(own.length); // one request a turn: none failed, none retried
      expect(await entrantOf(created.body.id, 'own')).toMatchObject({ requests: own.length, failures: 0 });
    } finally {
      await close(host.server);
    }
  }, 90_000);

  it('a bot that answers 500 once, then moves, keeps the match: the failed answer is asked again, not forfeited', async () => {
    const host = await botHost({
      '/flaky': (r, n, res) => (n === 1 ? res.writeHead(500).end('{"error":"restarting"}') : firstLegal(r, res)),
    });
    try {
      const created = await http()
        .post('/tournaments')
        .send({
          game: 'reversi',
          format: 'round-robin',
          timeControl: { perMoveSeconds: 10 },
          entrants: [
            { name: 'flaky', url: `${host.url}/flaky` },
            { name: 'greedy', bot: 'greedy' },
          ],
        })
        .expect(201);
      const t = await waitForTournament(app, created.body.id, 60_000);
      const { match, seat, entries } = await onlyMatch(t, 'flaky');
      expect(match.outcome.reason).not.toBe('timeout');
      const own = entries.filter((e) => e.seat === seat);
      expect(own.every((e) => e.type === 'MoveMade')).toBe(true);
      // Its first turn was asked twice (the same webhook-id, the same version), after a wait of 50 to 100 ms.
      const [first, second] = host.received;
      expect(first!.headers['webhook-id']).toBe(second!.headers['webhook-id']);
      expect(JSON.parse(second!.body).version).toBe(JSON.parse(first!.body).version);
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(40);
      expect(host.received).toHaveLength(own.length + 1);
      expect(await entrantOf(created.body.id, 'flaky')).toMatchObject({ requests: own.length + 1, failures: 1 });
    } finally {
      await close(host.server);
    }
  }, 90_000);

  it('a refused connection, then a host that answers, keeps the match', async () => {
    const port = await freePort();
    const created = await http()
      .post('/tournaments')
      .send({
        game: 'reversi',
        format: 'round-robin',
        timeControl: { perMoveSeconds: 30 },
        botTimeoutMs: 10_000,
        entrants: [
          { name: 'late', url: `http://127.0.0.1:${port}/late` },
          { name: 'greedy', bot: 'greedy' },
        ],
      })
      .expect(201);
    // Nothing listens yet: the first attempts are refused (and counted as they happen).
    const until = Date.now() + 8000;
    while ((await entrantOf(created.body.id, 'late')).failures === 0) {
      if (Date.now() > until) throw new Error('no refused attempt was counted');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const refused = (await entrantOf(created.body.id, 'late')).failures;
    const host = await botHost({ '/late': (r, _n, res) => firstLegal(r, res) }, port);
    try {
      const t = await waitForTournament(app, created.body.id, 60_000);
      const { match, seat, entries } = await onlyMatch(t, 'late');
      expect(match.outcome.reason).not.toBe('timeout');
      const own = entries.filter((e) => e.seat === seat);
      expect(own.length).toBeGreaterThan(5);
      expect(own.every((e) => e.type === 'MoveMade')).toBe(true);
      const after = await entrantOf(created.body.id, 'late');
      expect(after.failures).toBeGreaterThanOrEqual(refused);
      // Every request that reached the host was answered with a move; the failed ones never reached it.
      expect(after.requests - after.failures).toBe(host.received.length);
      expect(host.received).toHaveLength(own.length);
    } finally {
      await close(host.server);
    }
  }, 90_000);

  it('a tournament that startsAt 2 s ahead is upcoming until then: no match, and no turn posted to its bot, before startsAt', async () => {
    const host = await botHost({ '/punctual': (r, _n, res) => firstLegal(r, res) });
    try {
      const startsAt = new Date(Date.now() + 2000);
      const created = await http()
        .post('/tournaments')
        .send({
          game: 'reversi',
          format: 'round-robin',
          timeControl: { perMoveSeconds: 10 },
          startsAt: startsAt.toISOString(),
          entrants: [
            { name: 'punctual', url: `${host.url}/punctual` },
            { name: 'greedy', bot: 'greedy' },
          ],
        })
        .expect(201);
      expect(created.body).toMatchObject({ status: 'upcoming', startsAt: startsAt.toISOString(), rounds: [] });
      const { SpecChecker } = await import('./support/spec-check');
      const spec = new SpecChecker((await http().get('/openapi.json').expect(200)).body);
      expect(spec.checkComponent('CreatedTournament', JSON.stringify(created.body))).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const waiting = await http().get(`/tournaments/${created.body.id}`).expect(200);
      expect(waiting.body).toMatchObject({ status: 'upcoming', rounds: [] });
      expect(spec.checkComponent('Tournament', JSON.stringify(waiting.body))).toEqual([]);
      expect(host.received).toEqual([]);

      const t = await waitForTournament(app, created.body.id, 60_000);
      expect(t.startsAt).toBe(startsAt.toISOString());
      const { match, seat, entries } = await onlyMatch(t, 'punctual');
      expect(match.outcome.reason).not.toBe('timeout');
      expect(new Date(match.createdAt).getTime()).toBeGreaterThanOrEqual(startsAt.getTime());
      expect(host.received.length).toBeGreaterThan(0);
      expect(Math.min(...host.received.map((r) => r.at))).toBeGreaterThanOrEqual(startsAt.getTime());
      expect(Math.min(...entries.map((e) => new Date(e.at).getTime()))).toBeGreaterThanOrEqual(startsAt.getTime());
      expect(entries.filter((e) => e.seat === seat).every((e) => e.type === 'MoveMade')).toBe(true);
    } finally {
      await close(host.server);
    }
  }, 90_000);

  it("an arena that starts later ends its minutes after startsAt; a round robin's status reads running once started", async () => {
    const startsAt = new Date(Date.now() + 86_400_000);
    const created = await http()
      .post('/tournaments')
      .send({
        game: 'reversi',
        format: 'arena',
        minutes: 5,
        startsAt: startsAt.toISOString(),
        entrants: [
          { name: 'a', bot: 'random' },
          { name: 'b', bot: 'random' },
        ],
      })
      .expect(201);
    expect(created.body).toMatchObject({ status: 'upcoming', rounds: [] });
    expect(new Date(created.body.endsAt).getTime()).toBe(startsAt.getTime() + 5 * 60_000);
    const now = await http()
      .post('/tournaments')
      .send({
        game: 'reversi',
        format: 'round-robin',
        entrants: [
          { name: 'a', bot: 'random' },
          { name: 'b', bot: 'random' },
        ],
      })
      .expect(201);
    expect(now.body.status).toMatch(/^(running|finished)$/);
    expect(now.body.rounds).toHaveLength(1);
    // Started at its creation (the row's createdAt is the database's time of the insert, a few ms on).
    expect(Math.abs(new Date(now.body.startsAt).getTime() - new Date(now.body.createdAt).getTime())).toBeLessThan(1000);
  });
});
