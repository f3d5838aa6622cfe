/**
 * The pages in a real browser (Debian's Chromium through playwright-core) against the real app on the test
 * database: the lobby, a match followed live, moving by clicking, the replay stepper, hidden hands. The
 * screenshots in docs/screenshots are taken here.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { type Browser, SCREENSHOTS, buildPages, launchBrowser } from './support/browser';
import type { CreatedSeat } from './support/client';
import { useApp } from './support/harness';

type Tile = { color: string; shape: string };
const tileKeys = (tiles: Tile[]) => tiles.map((t) => `${t.color}/${t.shape}`).sort();

describe('the pages in a browser', () => {
  let pages = '';
  beforeAll(() => { pages = buildPages(); });
  const h = useApp();
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    await h.app.listen(0, '127.0.0.1');
    base = (await h.app.getUrl()).replace('[::1]', '127.0.0.1');
    browser = await launchBrowser();
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    if (pages) rmSync(pages, { recursive: true, force: true });
  });

  /** Plays `count` moves over HTTP, each seat to move choosing from its legal moves with `choose`. */
  async function play(game: string, id: string, seats: CreatedSeat[], count: number, choose: (moves: unknown[], i: number) => unknown = (m) => m[0]) {
    for (let i = 0; i < count; i++) {
      const match = await h.client.get(game, id).expect(200);
      if (match.body.status !== 'active') return;
      const seat = match.body.toMove[0] as number;
      const legal = await h.client.legal(game, id, seats[seat]!.token, '?limit=1000').expect(200);
      await h.client.move(game, id, seats[seat]!.token, choose(legal.body.moves, i), match.body.version).expect(200);
    }
  }

  const shown = (page: Page, game: string, version: number) => page.waitForSelector(`[data-game="${game}"][data-version="${version}"]`);

  it('serves the pages and their assets, and nothing outside them', async () => {
    const lobby = await h.client.http.get('/').expect(200);
    expect(lobby.headers['content-type']).toContain('text/html');
    expect(lobby.headers['content-security-policy']).toContain("default-src 'self'");
    const asset = /\/assets\/[\w.-]+\.js/.exec(lobby.text)?.[0] as string;
    expect((await h.client.http.get(asset).expect(200)).headers['content-type']).toContain('javascript');
    await h.client.http.get('/play/reversi/any-id').expect(200);
    expect((await h.client.http.get('/play/chess/any-id').expect(404)).body.code).toBe('NOT_FOUND');
    expect((await h.client.http.get('/assets/..%2Fplay.html').expect(404)).body.code).toBe('NOT_FOUND');
    expect((await h.client.http.get('/assets/nothing.js').expect(404)).body.code).toBe('NOT_FOUND');
    // The API and its documents stay where they were.
    await h.client.http.get('/games').expect(200);
    await h.client.http.get('/openapi.json').expect(200);
    await h.client.http.get('/docs').expect(200);
  });

  it('renders the lobby with the games and a form, with no console errors, and starts a match from it', async () => {
    const { page, problems } = await browser.page();
    await page.goto(`${base}/`);
    await page.waitForSelector('form.create');
    const games = await page.$$eval('[data-game-id]', (els) => els.map((e) => e.getAttribute('data-game-id')));
    expect(games).toEqual(['reversi', 'qwirkle', 'deblockle', 'split']);

    await page.selectOption('select[name="game"]', 'reversi');
    await page.fill('input[name="seat0"]', 'ann');
    await page.fill('input[name="seat1"]', 'bob');
    await page.click('button[type="submit"]');
    const link = await page.waitForSelector('a[data-seat="0"]');
    expect(await link.textContent()).toBe('Play as ann');
    const href = (await link.getAttribute('href')) as string;
    const [, , game, id] = href.split('#')[0]!.split('/');
    const created = await h.client.get(game as string, id as string).expect(200);
    expect(created.body.players).toEqual([{ seat: 0, name: 'ann' }, { seat: 1, name: 'bob' }]);
    await page.screenshot({ path: join(SCREENSHOTS, 'lobby.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('follows a match as moves are made over HTTP', async () => {
    const { id, seats } = await h.client.create('reversi', ['ann', 'bob']);
    const { page, problems } = await browser.page();
    await page.goto(`${base}/play/reversi/${id}`);
    await shown(page, 'reversi', 0);
    expect(await page.$$('[data-disc]')).toHaveLength(4);

    await h.client.move('reversi', id, seats[0]?.token, { square: 'd3' }, 0).expect(200);
    await shown(page, 'reversi', 1);
    expect(await page.getAttribute('[data-square="d3"] [data-disc]', 'data-disc')).toBe('black');
    expect(await page.getAttribute('[data-square="d4"] [data-disc]', 'data-disc')).toBe('black');

    await h.client.move('reversi', id, seats[1]?.token, { square: 'c3' }, 1).expect(200);
    await shown(page, 'reversi', 2);
    expect(await page.getAttribute('[data-square="c3"] [data-disc]', 'data-disc')).toBe('white');
    // A spectator has nothing to click.
    expect(await page.$$('[data-move]')).toHaveLength(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lets a seat move by clicking a highlighted legal target', async () => {
    const { id, seats } = await h.client.create('reversi', ['ann', 'bob']);
    const { page, problems } = await browser.page();
    await page.goto(`${base}/play/reversi/${id}#token=${seats[0]!.token}`);
    await shown(page, 'reversi', 0);
    await page.waitForSelector('[data-move]');
    const targets = await page.$$eval('[data-move]', (els) => els.map((e) => JSON.parse(e.getAttribute('data-move') as string)));
    const legal = await h.client.legal('reversi', id, seats[0]!.token).expect(200);
    expect(targets).toEqual(expect.arrayContaining(legal.body.moves));
    expect(targets).toHaveLength(legal.body.moves.length);

    await page.click('[data-move=\'{"square":"f5"}\']');
    await shown(page, 'reversi', 1);
    const log = await h.client.log('reversi', id).expect(200);
    expect(log.body.entries).toMatchObject([{ seq: 1, seat: 0, move: { square: 'f5' } }]);
    // Not this seat's turn now: no targets until white has moved.
    expect(await page.$$('[data-move]')).toHaveLength(0);
    await h.client.move('reversi', id, seats[1]?.token, { square: 'f6' }, 1).expect(200);
    await shown(page, 'reversi', 2);
    await page.waitForSelector('[data-move]');
    // The keyboard works too: focus a target and press Enter.
    await page.focus('[data-move=\'{"square":"e6"}\']');
    await page.keyboard.press('Enter');
    await shown(page, 'reversi', 3);
    expect((await h.client.get('reversi', id).expect(200)).body.view.lastMove).toMatchObject({ seat: 0, square: 'e6' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('steps back to version 0 and forward again, by buttons and by keyboard', async () => {
    const { id, seats } = await h.client.create('reversi', ['ann', 'bob']);
    await play('reversi', id, seats, 4);
    const { page, problems } = await browser.page();
    await page.goto(`${base}/play/reversi/${id}`);
    await shown(page, 'reversi', 4);
    const discsAt = async () => page.$$eval('[data-disc]', (els) => els.map((e) => `${e.closest('[data-square]')?.getAttribute('data-square')}:${e.getAttribute('data-disc')}`).sort());
    const truth = async (v: number) => {
      const board = (await h.client.http.get(`/games/reversi/matches/${id}?version=${v}`).expect(200)).body.view.board as string[];
      return board.flatMap((row, r) => [...row].flatMap((c, i) => (c === '.' ? [] : [`${'abcdefgh'[i]}${r + 1}:${c === 'B' ? 'black' : 'white'}`]))).sort();
    };
    expect(await discsAt()).toEqual(await truth(4));

    await page.click('[data-step="first"]');
    await shown(page, 'reversi', 0);
    expect(await discsAt()).toEqual(['d4:white', 'd5:black', 'e4:black', 'e5:white']);
    for (let v = 1; v <= 4; v++) {
      await page.click('[data-step="forward"]');
      await shown(page, 'reversi', v);
      expect(await discsAt()).toEqual(await truth(v));
    }
    expect(await page.isDisabled('[data-step="forward"]')).toBe(true);

    await page.keyboard.press('ArrowLeft');
    await shown(page, 'reversi', 3);
    await page.keyboard.press('Home');
    await shown(page, 'reversi', 0);
    expect(await page.isDisabled('[data-step="back"]')).toBe(true);
    await page.keyboard.press('ArrowRight');
    await shown(page, 'reversi', 1);
    expect(await discsAt()).toEqual(await truth(1));
    await page.keyboard.press('End');
    await shown(page, 'reversi', 4);

    // While replaying, the live match goes on; "last" catches up with it.
    await page.click('[data-step="back"]');
    await shown(page, 'reversi', 3);
    await play('reversi', id, seats, 1);
    await page.waitForSelector('.stepper >> text=of 5');
    await page.click('[data-step="last"]');
    await shown(page, 'reversi', 5);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a Qwirkle seat its own hand and nobody else\'s', async () => {
    const { id, seats } = await h.client.create('qwirkle', ['ann', 'bob', 'cy']);
    await play('qwirkle', id, seats, 3, (moves) => moves[moves.length - 1]);
    const truth = (await h.client.get('qwirkle', id, seats[1]!.token).expect(200)).body;
    const { page, problems } = await browser.page();
    await page.goto(`${base}/play/qwirkle/${id}#token=${seats[1]!.token}`);
    await shown(page, 'qwirkle', truth.version);

    const hands = await page.$$eval('[data-hand]', (els) => els.map((e) => e.getAttribute('data-hand')));
    expect(hands).toEqual(['1']);
    const hand = await page.$$eval('[data-hand] [data-color]', (els) => els.map((e) => ({ color: e.getAttribute('data-color') as string, shape: e.getAttribute('data-shape') as string })));
    expect(tileKeys(hand)).toEqual(tileKeys(truth.view.hand));
    // Every tile on the page is on the grid or in this hand: nothing of the other two hands.
    const all = await page.$$eval('[data-color]', (els) => els.map((e) => ({ color: e.getAttribute('data-color') as string, shape: e.getAttribute('data-shape') as string })));
    expect(tileKeys(all)).toEqual(tileKeys([...truth.view.board, ...truth.view.hand]));

    // A spectator sees the grid and no hand at all.
    const spectator = await browser.page();
    await spectator.page.goto(`${base}/play/qwirkle/${id}`);
    await shown(spectator.page, 'qwirkle', truth.version);
    expect(await spectator.page.$$('[data-hand]')).toHaveLength(0);
    expect(await spectator.page.$$('[data-color]')).toHaveLength(truth.view.board.length);
    expect([...problems, ...spectator.problems]).toEqual([]);
    await spectator.page.close();
    await page.close();
  });

  it('places a Qwirkle turn tile by tile, each step shown', async () => {
    const { id, seats } = await h.client.create('qwirkle', ['ann', 'bob']);
    const start = (await h.client.get('qwirkle', id).expect(200)).body;
    const starter = start.view.startingSeat as number;
    const { page, problems } = await browser.page();
    await page.goto(`${base}/play/qwirkle/${id}#token=${seats[starter]!.token}`);
    await shown(page, 'qwirkle', 0);
    await page.waitForSelector('.hand-tile.usable');
    const mine = (await h.client.get('qwirkle', id, seats[starter]!.token).expect(200)).body.view.opening ?? null;
    expect(mine).toBeNull();
    // Pick tiles and squares until the placement is complete, then send it.
    for (let step = 0; step < 6; step++) {
      if (await page.$('button[data-move]')) break;
      await page.click('.hand-tile.usable:not(.used)');
      await page.click('[data-cell]');
      expect(await page.$$('.tile.pending')).toHaveLength(step + 1);
    }
    const move = JSON.parse((await page.getAttribute('button[data-move]', 'data-move')) as string);
    await page.click('button[data-move]');
    await shown(page, 'qwirkle', 1);
    const log = await h.client.log('qwirkle', id).expect(200);
    expect(log.body.entries[0].move.tiles).toEqual(move.tiles);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('moves a Deblockle block in steps: the block, the tip, the hop', async () => {
    const { id, seats } = await h.client.create('deblockle', ['ann', 'bob'], { setup: 'random' });
    const { page, problems } = await browser.page();
    await page.goto(`${base}/play/deblockle/${id}#token=${seats[0]!.token}`);
    await shown(page, 'deblockle', 0);
    const legal = (await h.client.legal('deblockle', id, seats[0]!.token, '?limit=1000').expect(200)).body.moves as { from: string; tip: string; to: string }[];
    const move = legal.find((m) => legal.filter((n) => n.from === m.from && n.tip === m.tip).length > 1) ?? legal[0]!;
    await page.click(`.pick[data-block="${move.from}"]`);
    const next: Record<string, [number, number]> = { north: [0, -1], south: [0, 1], east: [1, 0], west: [-1, 0] };
    const tipped = `${'abcdefg'[('abcdefg'.indexOf(move.from[0]!)) + next[move.tip]![0]]}${Number(move.from.slice(1)) + next[move.tip]![1]}`;
    const target = await page.waitForSelector(`[data-square="${tipped}"][role="button"]`);
    if ((await target.getAttribute('data-move')) === null) await target.click();
    await page.click(`[data-move='${JSON.stringify(move)}']`);
    await shown(page, 'deblockle', 1);
    const log = await h.client.log('deblockle', id).expect(200);
    expect(log.body.entries[0].move).toMatchObject(move);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends a Deblockle setup and a Split draw by clicking', async () => {
    const deblockle = await h.client.create('deblockle', ['ann', 'bob']);
    const { page, problems } = await browser.page();
    await page.goto(`${base}/play/deblockle/${deblockle.id}#token=${deblockle.seats[0]!.token}`);
    await shown(page, 'deblockle', 0);
    const setup = JSON.parse((await (await page.waitForSelector('button[data-move]')).getAttribute('data-move')) as string);
    expect(setup.type).toBe('setup');
    await page.click('button[data-move]');
    await shown(page, 'deblockle', 1);
    const log = await h.client.log('deblockle', deblockle.id, deblockle.seats[0]!.token).expect(200);
    expect(log.body.entries[0].move).toEqual(setup);

    const split = await h.client.create('split', ['ann', 'bob']);
    const seat = (await h.client.get('split', split.id).expect(200)).body.toMove[0] as number;
    await page.goto(`${base}/play/split/${split.id}#token=${split.seats[seat]!.token}`);
    await shown(page, 'split', 0);
    await page.click('[data-move=\'{"type":"draw"}\']');
    await shown(page, 'split', 1);
    const after = await h.client.get('split', split.id, split.seats[seat]!.token).expect(200);
    expect(after.body.view.step).toBe('meld');
    expect(await page.$$eval('[data-hand] [data-card]', (els) => els.map((e) => e.getAttribute('data-card')))).toEqual(after.body.view.hand);
    expect(problems).toEqual([]);
    await page.close();
  });

  /** Adds routes to the server's OpenAPI document as the page reads it: the routes other issues are adding. */
  /** Adds paths to the spec the page reads, or takes them out (`undefined`), to play a server with other routes. */
  async function withRoutes(page: Page, add: Record<string, Record<string, unknown> | undefined>) {
    await page.route(/\/openapi\.json$/, async (route) => {
      const res = await route.fetch();
      const spec = await res.json();
      Object.assign(spec.paths, add);
      await route.fulfill({ response: res, json: spec });
    });
  }

  it('follows a match through its event stream once the server has one', async () => {
    const { id, seats } = await h.client.create('reversi', ['ann', 'bob']);
    const token = seats[1]!.token;
    const { page, problems } = await browser.page();
    await withRoutes(page, { '/games/reversi/matches/{id}/events': { get: {} } });
    // A stand-in for the stream (docs/api.md "Waiting for your turn"), built from the real log: each event names its
    // seq, its type, the entry and the match just after it; the stream ends and the browser reconnects.
    const requests: URL[] = [];
    await page.route(/\/events\?/, async (route) => {
      const url = new URL(route.request().url());
      requests.push(url);
      const after = Number((await route.request().headerValue('last-event-id')) ?? url.searchParams.get('after'));
      const entries = (await h.client.log('reversi', id, token).expect(200)).body.entries.filter((e: { seq: number }) => e.seq > after);
      let body = 'retry: 200\n\n';
      for (const entry of entries) {
        const match = (await h.client.http.get(`/games/reversi/matches/${id}?version=${entry.seq}`).set('Authorization', `Bearer ${token}`).expect(200)).body;
        body += `id: ${entry.seq}\nevent: ${entry.type}\ndata: ${JSON.stringify({ entry, match })}\n\n`;
      }
      await route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream' }, body });
    });
    await page.goto(`${base}/play/reversi/${id}#token=${token}`);
    await shown(page, 'reversi', 0);
    await page.waitForSelector('.live >> text=live');
    expect(await page.textContent('.live')).not.toContain('polling');
    expect(requests[0]?.searchParams.get('token')).toBe(token);
    expect(requests[0]?.searchParams.get('after')).toBe('0');

    await h.client.move('reversi', id, seats[0]?.token, { square: 'd3' }, 0).expect(200);
    // Well before the page's slow safety re-read (15 s): this came through the stream.
    await page.waitForSelector('[data-game="reversi"][data-version="1"]', { timeout: 8000 });
    await page.waitForSelector('[data-move]');
    expect(await page.getAttribute('[data-square="d3"] [data-disc]', 'data-disc')).toBe('black');
    expect(problems).toEqual([]);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });

  it('follows a match by long-polling the log where the server offers ?wait=', async () => {
    const { id, seats } = await h.client.create('reversi', ['ann', 'bob']);
    const { page, problems } = await browser.page();
    // A server with the long-poll but no event stream.
    await withRoutes(page, {
      '/games/reversi/matches/{id}/moves': { get: { parameters: [{ name: 'after', in: 'query' }, { name: 'wait', in: 'query' }] } },
      '/games/reversi/matches/{id}/events': undefined,
    });
    // A stand-in for the long-poll (docs/api.md): answers as soon as an entry after `after` exists, else after the wait.
    const waits: string[] = [];
    await page.route(/\/moves\?after=\d+&wait=/, async (route) => {
      const url = new URL(route.request().url());
      waits.push(url.searchParams.get('wait') as string);
      const after = Number(url.searchParams.get('after'));
      for (let i = 0; i < 20; i++) {
        const log = await h.client.log('reversi', id, undefined, `?after=${after}`).expect(200);
        if (log.body.entries.length || i === 19) return route.fulfill({ json: log.body }).catch(() => undefined);
        await new Promise((r) => setTimeout(r, 150));
      }
    });
    await page.goto(`${base}/play/reversi/${id}`);
    await shown(page, 'reversi', 0);
    await page.waitForSelector('.live >> text=long-poll');
    await h.client.move('reversi', id, seats[0]?.token, { square: 'c4' }, 0).expect(200);
    await shown(page, 'reversi', 1);
    expect(await page.getAttribute('[data-square="c4"] [data-disc]', 'data-disc')).toBe('black');
    expect(waits[0]).toBe('25');
    expect(problems).toEqual([]);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });

  it('shows the clock when the match has one', async () => {
    const { id } = await h.client.create('reversi', ['ann', 'bob']);
    const { page, problems } = await browser.page();
    await page.route(new RegExp(`/games/reversi/matches/${id}$`), async (route) => {
      const res = await route.fetch();
      const match = await res.json();
      const clock = { deadlineAt: new Date(Date.now() + 295_000).toISOString(), remainingMs: [295_000, 300_000] };
      await route.fulfill({ response: res, json: { ...match, clock } });
    });
    await page.goto(`${base}/play/reversi/${id}`);
    await shown(page, 'reversi', 0);
    const clocks = await page.$$eval('.players .clock', (els) => els.map((e) => e.textContent));
    expect(clocks[0]).toMatch(/^4:5\d$/);
    expect(clocks[1]).toBe('5:00');
    expect(await page.$$('.players .clock.running')).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });

  it('lists open and active matches, leaderboards and a tournament in the lobby once the server has them', async () => {
    const { page, problems } = await browser.page();
    await withRoutes(page, {
      '/games/reversi/matches': { get: {}, post: {} },
      '/games/reversi/matches/{id}/join': { post: {} },
      '/games/reversi/leaderboard': { get: {} },
      '/tournaments/{id}': { get: {} },
    });
    await page.route(/\/games\/reversi\/leaderboard$/, (route) => route.fulfill({
      json: { entries: [{ name: 'greedy', kind: 'bot', rating: 1612.4, matches: 12 }, { name: 'ann', kind: 'player', rating: 1490, matches: 3 }] },
    }));
    await page.route(/\/tournaments\/t-1$/, (route) => route.fulfill({
      json: {
        id: 't-1', game: 'reversi', status: 'running',
        standings: [{ name: 'greedy', points: 1.5, played: 2, rating: 1550 }, { name: 'random', points: 0.5, played: 2, rating: 1450 }],
        rounds: [{ matches: [{ id: '33333333-3333-4333-8333-333333333333', seats: ['greedy', 'random'] }] }],
      },
    }));
    const summary = (id: string, status: string, players: unknown[]) => ({ id, game: 'reversi', status, version: 3, players, toMove: [0] });
    await page.route(/\/games\/reversi\/matches\?status=/, (route) => {
      const status = new URL(route.request().url()).searchParams.get('status');
      const matches = status === 'waiting'
        ? [summary('11111111-1111-4111-8111-111111111111', 'waiting', [{ seat: 0, name: 'ann' }, { seat: 1, name: '', open: true }])]
        : [summary('22222222-2222-4222-8222-222222222222', 'active', [{ seat: 0, name: 'cy' }, { seat: 1, name: 'dee' }])];
      return route.fulfill({ json: { matches, nextCursor: null } });
    });
    // The other games' real listings would add the shared test database's open matches: keep this page to Reversi's.
    await page.route(/\/games\/(qwirkle|deblockle|split)\/matches\?status=/, (route) => route.fulfill({ json: { matches: [], nextCursor: null } }));
    await page.goto(`${base}/`);
    const open = await page.waitForSelector('a[href="/play/reversi/11111111-1111-4111-8111-111111111111"]');
    expect(await open.textContent()).toBe('ann vs …');
    expect(await page.textContent('a[href="/play/reversi/22222222-2222-4222-8222-222222222222"]')).toBe('cy vs dee');
    expect(await page.$$('button >> text=Join')).toHaveLength(1);
    expect(await page.textContent('[aria-label="Reversi leaderboard"] ol')).toContain('greedy');

    await page.goto(`${base}/#tournament=t-1`);
    const game = await page.waitForSelector('a[href="/play/reversi/33333333-3333-4333-8333-333333333333"]');
    expect(await game.textContent()).toBe('greedy vs random');
    expect(await page.textContent('section[aria-labelledby="tournament"] ol')).toContain('greedy');
    expect(problems).toEqual([]);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });

  describe('screenshots of each game', () => {
    async function snap(game: string, id: string, token: string | undefined, file: string, width = 1200, step?: (page: Page) => Promise<void>) {
      const { page, problems } = await browser.page();
      await page.setViewportSize({ width, height: width < 500 ? 844 : 860 });
      await page.goto(`${base}/play/${game}/${id}${token ? `#token=${token}` : ''}`);
      const version = (await h.client.get(game, id).expect(200)).body.version as number;
      await shown(page, game, version);
      if (token) await page.waitForSelector('[data-move], .hand-tile.usable, .card-button.usable, .pick');
      await step?.(page);
      await page.screenshot({ path: join(SCREENSHOTS, file), fullPage: true });
      expect(problems).toEqual([]);
      await page.close();
    }

    it('Reversi, at full width and at 390 px', async () => {
      const { id, seats } = await h.client.create('reversi', ['ann', 'bob']);
      await play('reversi', id, seats, 11, (m, i) => m[(i * 5) % m.length]);
      const seat = (await h.client.get('reversi', id).expect(200)).body.toMove[0] as number;
      await snap('reversi', id, seats[seat]!.token, 'reversi.png');
      await snap('reversi', id, seats[seat]!.token, 'reversi-390.png', 390);
    });

    it('Qwirkle', async () => {
      const { id, seats } = await h.client.create('qwirkle', ['ann', 'bob', 'cy']);
      await play('qwirkle', id, seats, 9, (moves) => {
        const places = (moves as { type: string; tiles: unknown[] }[]).filter((m) => m.type === 'place');
        return places.reduce((a, b) => (b.tiles.length > a.tiles.length ? b : a), places[0] ?? (moves[0] as { type: string; tiles: unknown[] }));
      });
      const seat = (await h.client.get('qwirkle', id).expect(200)).body.toMove[0] as number;
      // The first step of a turn: a tile picked, the squares it may go to highlighted.
      await snap('qwirkle', id, seats[seat]!.token, 'qwirkle.png', 1200, (page) => page.click('.hand-tile.usable'));
    });

    it('Deblockle', async () => {
      const { id, seats } = await h.client.create('deblockle', ['ann', 'bob'], { setup: 'random' });
      await play('deblockle', id, seats, 6, (m, i) => m[(i * 7) % m.length]);
      const seat = (await h.client.get('deblockle', id).expect(200)).body.toMove[0] as number;
      // The first step of a turn: a block picked, the squares it may tip onto highlighted.
      await snap('deblockle', id, seats[seat]!.token, 'deblockle.png', 1200, (page) => page.click('.pick[data-block]'));
    });

    it('Split', async () => {
      const { id, seats } = await h.client.create('split', ['ann', 'bob', 'cy']);
      await play('split', id, seats, 14, (moves) => {
        const typed = moves as { type: string }[];
        return typed.find((m) => m.type === 'match') ?? typed.find((m) => m.type === 'take') ?? typed.find((m) => m.type === 'draw') ?? typed[0];
      });
      // Shown in the meld step, where a seat picks cards and the moves they allow are listed.
      const now = (await h.client.get('split', id).expect(200)).body;
      if (now.view.step === 'draw') await play('split', id, seats, 1, (moves) => (moves as { type: string }[]).find((m) => m.type === 'draw'));
      const seat = (await h.client.get('split', id).expect(200)).body.toMove[0] as number;
      await snap('split', id, seats[seat]!.token, 'split.png', 1200, async (page) => {
        if (await page.$('.card-button.usable')) await page.click('.card-button.usable');
      });
    });
  });
});
