/**
 * The real server's standard output (src/main.ts in a child process, at LOG_LEVEL=trace so that every line any
 * part might write is there), captured while requests carry every kind of secret the server knows: seat
 * tokens (in Authorization, in `?token=`, in a body), a player key, a webhook secret, a `?ticket=`, and a
 * webhook URL with a token of its own that the dispatcher fails to reach. Not one appears in the log; every
 * line is one JSON object; request lines carry what docs/api.md lists.
 */
import { type ServerProcess, startServerProcess } from './support/server-process';
import { SseClient } from './support/sse';

interface Line {
  level: number;
  time: number;
  msg: string;
  reqId?: string;
  method?: string;
  route?: string;
  statusCode?: number;
  responseTime?: number;
  [key: string]: unknown;
}

describe('logs: JSON lines on standard output, and no secret in them', () => {
  let server: ServerProcess | null = null;

  afterAll(async () => {
    await server?.kill9();
  });

  it('writes one JSON object a line, request lines with reqId, method, route, statusCode, responseTime, and never a secret', async () => {
    server = await startServerProcess({
      LOG_LEVEL: 'trace',
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_POLL_MS: '100',
      WEBHOOK_RETRY_BASE_MS: '50',
    });
    const base = server.base;
    const call = (path: string, init: RequestInit & { token?: string } = {}) =>
      fetch(`${base}${path}`, {
        ...init,
        headers: {
          'content-type': 'application/json',
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
          ...(init.headers ?? {}),
        },
      });

    const player = (await (
      await call('/players', { method: 'POST', body: JSON.stringify({ name: 'kim' }) })
    ).json()) as { key: string };
    const hookToken = 'hooktok-4d1f9a';
    const created = (await (
      await call('/games/reversi/matches', {
        method: 'POST',
        body: JSON.stringify({
          players: [{ name: 'ann' }, { name: 'bob' }],
          webhooks: [{ url: `http://127.0.0.1:9/hook?token=${hookToken}` }],
        }),
      })
    ).json()) as { id: string; seats: { token: string }[]; webhookSecret: string };
    const [ann, bob] = created.seats.map((s) => s.token) as [string, string];
    const secrets = {
      playerKey: player.key,
      ann,
      bob,
      webhookSecret: created.webhookSecret,
      hookToken,
      ticket: 'tkt-77aa0c3e',
    };
    expect(player.key).toMatch(/^tbp_/);
    expect(created.webhookSecret).toMatch(/^whsec_/);

    const match = `/games/reversi/matches/${created.id}`;
    expect((await call(match, { token: ann })).status).toBe(200);
    expect((await call(match, { token: secrets.playerKey })).status).toBe(403);
    expect((await call(match, { token: 'tbs_not-a-real-token-0000000000000000' })).status).toBe(401);
    expect((await call(`${match}/webhook-deliveries`, { token: secrets.webhookSecret })).status).toBe(200);
    expect(
      (
        await call(`${match}/moves`, {
          method: 'POST',
          token: bob,
          body: JSON.stringify({ move: { square: 'd3' }, token: bob, expectedVersion: 0 }),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(`${match}/moves`, {
          method: 'POST',
          token: ann,
          body: JSON.stringify({ move: { square: 'd3' }, expectedVersion: 0 }),
        })
      ).status,
    ).toBe(200);
    expect((await call(`/players/me`, { token: secrets.playerKey })).status).toBe(200);
    const statuses: number[] = [];
    for (const query of [`token=${bob}`, `ticket=${secrets.ticket}`]) {
      const stream = await SseClient.open(`${base}${match}/events?${query}`);
      statuses.push(stream.status);
      stream.close();
    }
    expect(statuses[0]).toBe(200);
    const lost = await call(`/nowhere?token=${ann}`);
    expect(lost.status).toBe(404);
    const lostId = lost.headers.get('x-request-id');
    expect(((await lost.json()) as { details: { requestId: string } }).details.requestId).toBe(lostId);

    // The dispatcher has tried the unreachable webhook (its attempts are in the history) before the log is read.
    const until = Date.now() + 20_000;
    for (;;) {
      const history = (await (await call(`${match}/webhook-deliveries`, { token: secrets.webhookSecret })).json()) as {
        deliveries: { attempts: unknown[] }[];
      };
      if (history.deliveries.some((d) => d.attempts.length > 0)) break;
      if (Date.now() > until) throw new Error('no webhook attempt within 20 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    await server.kill9();
    const output = server.output();

    const lines = output
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as Line);
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) {
      expect(typeof line.level).toBe('number');
      expect(typeof line.time).toBe('number');
    }
    for (const [what, secret] of Object.entries(secrets)) {
      if (output.includes(secret))
        throw new Error(`the log holds the ${what}: ${output.split('\n').find((l) => l.includes(secret))}`);
    }

    const requests = lines.filter((l) => l.msg === 'request completed');
    for (const line of requests) {
      expect(line).toEqual(
        expect.objectContaining({
          reqId: expect.any(String),
          method: expect.any(String),
          route: expect.any(String),
          statusCode: expect.any(Number),
          responseTime: expect.any(Number),
        }),
      );
      expect(line.level).toBe(30);
    }
    expect(requests.find((l) => l.reqId === lostId)).toMatchObject({
      method: 'GET',
      route: 'unmatched',
      statusCode: 404,
    });
    expect(requests.filter((l) => l.route === '/games/{game}/matches/{id}/events')).toHaveLength(2);
    expect(
      requests
        .filter((l) => l.route === '/games/{game}/matches/{id}/moves' && l.method === 'POST')
        .map((l) => l.statusCode)
        .sort(),
    ).toEqual([200, 400]);
    // Nest's own lines too, with their context.
    expect(lines.some((l) => l.context === 'Store' && /migrations applied/.test(l.msg))).toBe(true);
  }, 120_000);
});
