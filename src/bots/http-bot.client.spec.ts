import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { askHttpBot, type HttpBotTurn } from './http-bot.client';

async function serve(
  handler: (req: IncomingMessage, body: string, res: ServerResponse) => void,
): Promise<{ url: string; paths: string[]; close(): Promise<void> }> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => handler(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const turn: HttpBotTurn = {
  game: 'reversi',
  matchId: '00000000-0000-4000-8000-000000000001',
  seat: 0,
  version: 3,
  match: {},
  legalMoves: [{ square: 'd3' }],
  deadlineAt: new Date().toISOString(),
};
const endpoint = (url: string) => ({
  tournamentId: '00000000-0000-4000-8000-000000000002',
  entrant: 0,
  url,
  secret,
  timeoutMs: null,
});

describe('askHttpBot', () => {
  it('posts the turn signed (Standard Webhooks) and reads the move back', async () => {
    let verified: unknown = null;
    const s = await serve((req, body, res) => {
      verified = new Webhook(secret).verify(body, req.headers as Record<string, string>);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ move: { square: 'd3' } }));
    });
    try {
      const answer = await askHttpBot(endpoint(`${s.url}/bot`), turn, 2000, true);
      expect(answer).toMatchObject({ ok: true, move: { square: 'd3' } });
      expect(verified).toEqual(turn);
    } finally {
      await s.close();
    }
  });

  it('an answer over 64 KiB is no move (and is not read to its end)', async () => {
    const s = await serve((_req, _body, res) => {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ move: { square: 'd3' }, pad: 'x'.repeat(70 * 1024) }));
    });
    try {
      const answer = await askHttpBot(endpoint(s.url), turn, 2000, true);
      expect(answer).toMatchObject({ ok: false });
      expect(!answer.ok && answer.why).toMatch(/larger than 65536 bytes/);
    } finally {
      await s.close();
    }
  });

  it('a redirect is not followed: it is no move', async () => {
    const s = await serve((req, _body, res) => {
      if (req.url === '/moved') return res.writeHead(307, { location: '/bot' }).end();
      return res.writeHead(200).end(JSON.stringify({ move: { square: 'd3' } }));
    });
    try {
      const answer = await askHttpBot(endpoint(`${s.url}/moved`), turn, 2000, true);
      expect(answer).toMatchObject({ ok: false, why: 'the bot answered 307' });
      expect(s.paths).toEqual(['/moved']);
    } finally {
      await s.close();
    }
  });

  it('a loopback or private address is refused unless allowed, also behind a name; nothing is sent', async () => {
    const s = await serve((_req, _body, res) => res.writeHead(200).end(JSON.stringify({ move: { square: 'd3' } })));
    try {
      for (const url of [s.url.replace('http:', 'https:'), s.url.replace('http://127.0.0.1', 'https://localhost')]) {
        const answer = await askHttpBot(endpoint(url), turn, 2000, false);
        expect(answer.ok).toBe(false);
        expect(!answer.ok && answer.why).toMatch(/private|refused/);
      }
      expect(s.paths).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('no answer before the deadline, or a body that is not { move }, is no move', async () => {
    const s = await serve((req, _body, res) => {
      if (req.url === '/silent') return;
      res.writeHead(200).end(req.url === '/text' ? 'e4' : '{"moves":[]}');
    });
    try {
      const silent = await askHttpBot(endpoint(`${s.url}/silent`), turn, 150, true);
      expect(silent.ok).toBe(false);
      expect(!silent.ok && silent.why).toMatch(/no answer within 150 ms/);
      expect(await askHttpBot(endpoint(`${s.url}/text`), turn, 2000, true)).toMatchObject({
        ok: false,
        why: 'the answer is not JSON',
      });
      expect(await askHttpBot(endpoint(`${s.url}/other`), turn, 2000, true)).toMatchObject({
        ok: false,
        why: 'the answer has no "move"',
      });
    } finally {
      await s.close();
    }
  });
});
