import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BODY_CAP, postWebhook } from './post';

/** A local server whose answer each test chooses; it records the paths asked for. */
async function serve(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; paths: string[]; close(): Promise<void> }> {
  const paths: string[] = [];
  const server = createServer((req, res) => {
    paths.push(req.url ?? '');
    req.resume();
    req.on('end', () => handler(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    paths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const opts = { timeoutMs: 2000, allowPrivate: true };

describe('postWebhook', () => {
  it('reads at most 64 KiB of an answer, then closes the connection', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('x'.repeat(BODY_CAP));
      res.end('y'.repeat(BODY_CAP)); // twice the cap
    });
    try {
      const r = await postWebhook(`${s.url}/big`, {}, '{}', opts);
      expect(r.statusCode).toBe(200);
      expect(r.truncated).toBe(true);
      expect(r.complete).toBe(false);
      expect(Buffer.byteLength(r.body)).toBe(BODY_CAP);
      expect(r.body).toBe('x'.repeat(BODY_CAP));
    } finally {
      await s.close();
    }
  });

  it('answers a small body whole', async () => {
    const s = await serve((_req, res) => res.writeHead(200).end('{"ok":true}'));
    try {
      expect(await postWebhook(s.url, {}, '{}', opts)).toMatchObject({
        statusCode: 200,
        body: '{"ok":true}',
        truncated: false,
        complete: true,
        error: null,
      });
    } finally {
      await s.close();
    }
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    const s = await serve((req, res) => {
      if (req.url === '/moved') return res.writeHead(302, { location: '/target' }).end();
      return res.writeHead(200).end('followed');
    });
    try {
      const r = await postWebhook(`${s.url}/moved`, {}, '{}', opts);
      expect(r.statusCode).toBe(302);
      expect(s.paths).toEqual(['/moved']);
    } finally {
      await s.close();
    }
  });

  it('refuses a private address, literal or resolved from a name, unless allowed: nothing reaches the server', async () => {
    const s = await serve((_req, res) => res.writeHead(200).end());
    try {
      const literal = await postWebhook(s.url, {}, '{}', { ...opts, allowPrivate: false });
      expect(literal).toMatchObject({ statusCode: null, complete: false, error: 'refused' });
      // The error is one word: never what the name resolved to.
      const named = await postWebhook(s.url.replace('127.0.0.1', 'localhost'), {}, '{}', {
        ...opts,
        allowPrivate: false,
      });
      expect(named).toMatchObject({ statusCode: null, error: 'refused' });
      expect(s.paths).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('a body still coming at the timeout is no answer', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200);
      res.write('{"move":'); // and nothing more
    });
    try {
      const r = await postWebhook(s.url, {}, '{}', { ...opts, timeoutMs: 200 });
      expect(r).toMatchObject({ complete: false, error: 'unreachable', timedOut: true });
    } finally {
      await s.close();
    }
  });

  it('a closed port, a name that does not resolve and a silent server are all `unreachable`, and say no more', async () => {
    const s = await serve(() => undefined); // never answers
    const closed = await serve(() => undefined);
    await closed.close();
    try {
      expect(await postWebhook(closed.url, {}, '{}', opts)).toMatchObject({
        statusCode: null,
        error: 'unreachable',
        timedOut: false,
      });
      expect(await postWebhook('https://no-such-host.invalid/hook', {}, '{}', opts)).toMatchObject({
        statusCode: null,
        error: 'unreachable',
      });
      expect(await postWebhook(s.url, {}, '{}', { ...opts, timeoutMs: 150 })).toMatchObject({
        statusCode: null,
        error: 'unreachable',
        timedOut: true,
      });
    } finally {
      await s.close();
    }
  });

  it('an attempt the caller cuts ends at once, with no answer, and is not a timeout', async () => {
    const s = await serve(() => undefined); // never answers
    try {
      const cut = new AbortController();
      const pending = postWebhook(`${s.url}/hook`, {}, '{}', { ...opts, timeoutMs: 60_000, signal: cut.signal });
      while (s.paths.length === 0) await new Promise((r) => setTimeout(r, 5));
      cut.abort();
      expect(await pending).toMatchObject({ statusCode: null, error: 'unreachable', timedOut: false });
    } finally {
      await s.close();
    }
  });
});
