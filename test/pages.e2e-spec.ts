/**
 * The pages in a real browser (Debian's Chromium through playwright-core) against the real app on the test
 * database: the lobby (bots, open seats, paged lists, leaderboards, tournaments), a match followed live, moving
 * by clicking, the replay stepper, hidden hands, a finished match in words, "Play now" and the arena page. Every request reaches the real
 * server: no route is intercepted or stood in for (a mocked path once hid that the page looked for a route the
 * spec does not publish). The screenshots in docs/screenshots are taken here.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { type Browser, SCREENSHOTS, buildPages, launchBrowser } from './support/browser';
import type { CreatedSeat } from './support/client';
import { GAME_IDS } from '../src/engine/games';
import { useApp } from './support/harness';
import { SeatsClient } from './support/seats';
import { outcomeWords } from '../web/src/outcome';
import { wholeTournament } from './support/bots';

type Tile = { color: string; shape: string };
const tileKeys = (tiles: Tile[]) => tiles.map((t) => `${t.color}/${t.shape}`).sort();

describe('the pages in a browser', () => {
  let pages = '';
  beforeAll(() => {
    pages = buildPages();
  });
  // The seek matcher runs here (startApp leaves it off), quickly, for "Play now".
  const h = useApp({ seekSweepMs: 200 });
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
  async function play(
    game: string,
    id: string,
    seats: CreatedSeat[],
    count: number,
    choose: (moves: unknown[], i: number) => unknown = (m) => m[0],
  ) {
    for (let i = 0; i < count; i++) {
      const match = await h.client.get(game, id).expect(200);
      if (match.body.status !== 'active') return;
      const seat = match.body.toMove[0] as number;
      const legal = await h.client.legal(game, id, seats[seat]!.token, '?limit=1000').expect(200);
      await h.client.move(game, id, seats[seat]!.token, choose(legal.body.moves, i), match.body.version).expect(200);
    }
  }

  const shown = (page: Page, game: string, version: number) =>
    page.waitForSelector(`[data-game="${game}"][data-version="${version}"]`);

  it('serves the pages and their assets, and nothing outside them', async () => {
    const lobby = await h.client.http.get('/').expect(200);
    expect(lobby.headers['content-type']).toContain('text/html');
    expect(lobby.headers['content-security-policy']).toContain("default-src 'self'");
    const asset = /\/assets\/[\w.-]+\.js/.exec(lobby.text)?.[0] as string;
    expect((await h.client.http.get(asset).expect(200)).headers['content-type']).toContain('javascript');
    await h.client.http.get('/play/reversi/any-id').expect(200);
    await h.client.http.get('/arena/any-id').expect(200);
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
    expect(games).toEqual([...GAME_IDS]);

    await page.selectOption('select[name="game"]', 'reversi');
    await page.fill('input[name="seat0"]', 'ann');
    await page.fill('input[name="seat1"]', 'bob');
    await page.click('button[type="submit"]');
    const link = await page.waitForSelector('a[data-seat="0"]');
    expect(await link.textContent()).toBe('Play as ann');
    const href = (await link.getAttribute('href')) as string;
    const [, , game, id] = href.split('#')[0]!.split('/');
    const created = await h.client.get(game as string, id as string).expect(200);
    expect(created.body.players).toEqual([
      { seat: 0, name: 'ann' },
      { seat: 1, name: 'bob' },
    ]);
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
    const targets = await page.$$eval('[data-move]', (els) =>
      els.map((e) => JSON.parse(e.getAttribute('data-move') as string)),
    );
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
    const discsAt = async () =>
      page.$$eval('[data-disc]', (els) =>
        els
          .map((e) => `${e.closest('[data-square]')?.getAttribute('data-square')}:${e.getAttribute('data-disc')}`)
          .sort(),
      );
    const truth = async (v: number) => {
      const board = (await h.client.http.get(`/games/reversi/matches/${id}?version=${v}`).expect(200)).body.view
        .board as string[];
      return board
        .flatMap((row, r) =>
          [...row].flatMap((c, i) => (c === '.' ? [] : [`${'abcdefgh'[i]}${r + 1}:${c === 'B' ? 'black' : 'white'}`])),
        )
        .sort();
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

  it("shows a Qwirkle seat its own hand and nobody else's", async () => {
    const { id, seats } = await h.client.create('qwirkle', ['ann', 'bob', 'cy']);
    await play('qwirkle', id, seats, 3, (moves) => moves[moves.length - 1]);
    const truth = (await h.client.get('qwirkle', id, seats[1]!.token).expect(200)).body;
    const { page, problems } = await browser.page();
    await page.goto(`${base}/play/qwirkle/${id}#token=${seats[1]!.token}`);
    await shown(page, 'qwirkle', truth.version);

    const hands = await page.$$eval('[data-hand]', (els) => els.map((e) => e.getAttribute('data-hand')));
    expect(hands).toEqual(['1']);
    const hand = await page.$$eval('[data-hand] [data-color]', (els) =>
      els.map((e) => ({
        color: e.getAttribute('data-color') as string,
        shape: e.getAttribute('data-shape') as string,
      })),
    );
    expect(tileKeys(hand)).toEqual(tileKeys(truth.view.hand));
    // Every tile on the page is on the grid or in this hand: nothing of the other two hands.
    const all = await page.$$eval('[data-color]', (els) =>
      els.map((e) => ({
        color: e.getAttribute('data-color') as string,
        shape: e.getAttribute('data-shape') as string,
      })),
    );
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
    const legal = (await h.client.legal('deblockle', id, seats[0]!.token, '?limit=1000').expect(200)).body.moves as {
      from: string;
      tip: string;
      to: string;
    }[];
    const move = legal.find((m) => legal.filter((n) => n.from === m.from && n.tip === m.tip).length > 1) ?? legal[0]!;
    await page.click(`.pick[data-block="${move.from}"]`);
    const next: Record<string, [number, number]> = { north: [0, -1], south: [0, 1], east: [1, 0], west: [-1, 0] };
    const tipped = `${'abcdefg'['abcdefg'.indexOf(move.from[0]!) + next[move.tip]![0]]}${Number(move.from.slice(1)) + next[move.tip]![1]}`;
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
    const setup = JSON.parse(
      (await (await page.waitForSelector('button[data-move]')).getAttribute('data-move')) as string,
    );
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
    expect(await page.$$eval('[data-hand] [data-card]', (els) => els.map((e) => e.getAttribute('data-card')))).toEqual(
      after.body.view.hand,
    );
    expect(problems).toEqual([]);
    await page.close();
  });

  /** The seat's page after `href`'s token: from a link the lobby showed. */
  const tokenOf = (href: string) => decodeURIComponent(href.split('#token=')[1] ?? '');

  /**
   * A match in one of the lobby's lists, reading on with "More" as a visitor would: the test database is shared
   * with the other test files, whose newer matches may push this one past the first page.
   */
  async function findInList(page: Page, status: string, id: string) {
    const item = `[data-list="${status}"] [data-match-id="${id}"]`;
    for (let pages = 0; pages < 50; pages++) {
      const count = await page.$$eval(`[data-list="${status}"] [data-match-id]`, (els) => els.length);
      if (await page.$(item)) return page.$(item);
      const more = await page.$(`[data-more="${status}"]`);
      if (!more) break;
      await more.click();
      await page.waitForSelector(`[data-list="${status}"] li[data-match-id]:nth-of-type(${count + 1})`);
    }
    throw new Error(`match ${id} not in the lobby's ${status} list`);
  }

  it('follows a match through its real event stream', async () => {
    const { id, seats } = await h.client.create('reversi', ['ann', 'bob']);
    const { page, problems } = await browser.page();
    const streams: string[] = [];
    page.on('request', (r) => {
      if (/\/events(\?|$)/.test(new URL(r.url()).pathname + new URL(r.url()).search)) streams.push(r.url());
    });
    await page.goto(`${base}/play/reversi/${id}#token=${seats[1]!.token}`);
    await shown(page, 'reversi', 0);
    await page.waitForSelector('.live >> text=live');
    expect(await page.textContent('.live')).not.toContain('polling');
    const events = () =>
      streams.map((u) => new URL(u)).filter((u) => u.pathname === `/games/reversi/matches/${id}/events`);
    expect(events()).not.toHaveLength(0);
    // A single-use ticket in the URL, never the token (issue 25, L6).
    expect(events()[0]?.searchParams.get('token')).toBeNull();
    expect(events()[0]?.searchParams.get('ticket')).toMatch(/^tbt_/);
    expect(events()[0]?.searchParams.get('after')).toBe('0');

    await h.client.move('reversi', id, seats[0]?.token, { square: 'd3' }, 0).expect(200);
    // Well before the page's slow safety re-read (15 s): this came through the stream.
    await page.waitForSelector('[data-game="reversi"][data-version="1"]', { timeout: 8000 });
    await page.waitForSelector('[data-move]');
    expect(await page.getAttribute('[data-square="d3"] [data-disc]', 'data-disc')).toBe('black');
    expect(problems).toEqual([]);
    // Every stream request took a fresh ticket; none carried the token.
    expect(events().every((u) => !u.href.includes(seats[1]!.token))).toBe(true);
    expect(new Set(events().map((u) => u.searchParams.get('ticket'))).size).toBe(events().length);
    await page.close();
  });

  it("shows the clock of a match that has one, the seat to move's running", async () => {
    const res = await h.client.http
      .post('/games/reversi/matches')
      .send({
        players: [{ name: 'ann' }, { name: 'bob' }],
        timeControl: { initialSeconds: 300, incrementSeconds: 0 },
        onTimeout: 'forfeit',
      })
      .expect(201);
    const { page, problems } = await browser.page();
    await page.goto(`${base}/play/reversi/${res.body.id}`);
    await shown(page, 'reversi', 0);
    await page.waitForSelector('.players .clock.running');
    const clocks = await page.$$eval('.players .clock', (els) => els.map((e) => e.textContent));
    expect(clocks[0]).toMatch(/^[45]:[0-5]\d$/);
    expect(clocks[1]).toBe('5:00');
    expect(await page.$$('.players .clock.running')).toHaveLength(1);
    expect(problems).toEqual([]);
    await page.close();
  });

  describe('the lobby, against the real routes', () => {
    it('starts a Reversi match against a bot from the lobby alone; a click moves and the bot answers', async () => {
      const bots = (await h.client.http.get('/games/reversi/bots').expect(200)).body.bots as { id: string }[];
      const { page, problems } = await browser.page();
      await page.goto(`${base}/`);
      await page.waitForSelector('form.create');
      await page.selectOption('select[name="game"]', 'reversi');
      await page.fill('input[name="seat0"]', 'ann');
      await page.selectOption('select[aria-label="Seat 1 is"]', 'bot');
      // The bots, weakest first, as the route lists them; the strongest one takes the seat.
      const offered = await page.$$eval('select[name="bot1"] option', (els) => els.map((e) => e.getAttribute('value')));
      expect(offered).toEqual(bots.map((b) => b.id));
      expect(offered.length).toBeGreaterThanOrEqual(3);
      const strongest = offered[offered.length - 1]!;
      await page.selectOption('select[name="bot1"]', strongest);
      await page.locator('input[name="seat0"]').blur();
      await page.screenshot({ path: join(SCREENSHOTS, 'lobby.png'), fullPage: true });
      await page.click('button[type="submit"]');

      const link = await page.waitForSelector('a[data-seat="0"]');
      expect(await link.textContent()).toBe('Play as ann');
      expect(await page.$('a[data-seat="1"]')).toBeNull(); // the bot's seat has no token to give out
      await link.click();
      await page.waitForURL(/\/play\/reversi\//);
      const id = new URL(page.url()).pathname.split('/')[3]!;
      const token = tokenOf(page.url());
      const created = (await h.client.get('reversi', id).expect(200)).body;
      expect(created.players).toEqual([
        { seat: 0, name: 'ann' },
        { seat: 1, name: strongest, bot: strongest },
      ]);

      await shown(page, 'reversi', 0);
      await page.waitForSelector('[data-move]');
      await page.click('[data-move=\'{"square":"c4"}\']');
      // The bot's answer reaches the page by itself: version 2, a white disc where the log says the bot played.
      await shown(page, 'reversi', 2);
      const log = (await h.client.log('reversi', id, token).expect(200)).body.entries as {
        seq: number;
        seat: number;
        type: string;
        move: { square: string };
      }[];
      expect(log.map((e) => [e.seq, e.seat, e.type])).toEqual([
        [1, 0, 'MoveMade'],
        [2, 1, 'MoveMade'],
      ]);
      expect(log[0]!.move).toEqual({ square: 'c4' });
      expect(await page.getAttribute(`[data-square="${log[1]!.move.square}"] [data-disc]`, 'data-disc')).toBe('white');
      expect(await page.textContent('.players')).toContain(`(bot ${strongest})`);
      // And it is the human's turn again, with targets to click.
      await page.waitForSelector('[data-move]');
      expect(problems).toEqual([]);
      await page.close();
    });

    it('fills an open seat with a bot, or with the visitor, from the open matches', async () => {
      const seats = new SeatsClient(h.client);
      const forBot = await seats.create('reversi', ['ann', null]);
      const forMe = await seats.create('reversi', ['cy', null]);
      const { page, problems } = await browser.page();
      await page.goto(`${base}/`);
      await page.click('[data-tab="reversi"]');
      const row = (await findInList(page, 'waiting', forBot.id))!;
      expect(await row.textContent()).toContain('ann vs open seat');
      await (await row.$('select[name="join-bot"]'))!.selectOption('greedy');
      await (await row.$('[data-join="bot"]'))!.click();
      await page.waitForSelector(`[data-list="waiting"] [data-match-id="${forBot.id}"]`, { state: 'detached' });
      const joined = (await h.client.get('reversi', forBot.id).expect(200)).body;
      expect(joined.status).toBe('active');
      expect(joined.players[1]).toEqual({ seat: 1, name: 'greedy', bot: 'greedy' });
      // It now shows among the matches being played.
      await page.reload();
      await findInList(page, 'active', forBot.id);

      await page.fill('input[name="join-name"]', 'dee');
      const mine = (await findInList(page, 'waiting', forMe.id))!;
      await (await mine.$('[data-join="name"]'))!.click();
      await page.waitForURL(new RegExp(`/play/reversi/${forMe.id}#token=`));
      await shown(page, 'reversi', 1);
      expect(await page.textContent('.badge.you')).toBe('seat 1: dee');
      expect(problems).toEqual([]);
      await page.close();
    });

    it('pages each list as the API does: a page at first, the next on "More"', async () => {
      const seats = new SeatsClient(h.client);
      const made: string[] = [];
      for (let i = 0; i < 11; i++) made.push((await seats.create('deblockle', [`pager${i}`, null])).id);
      const newest = made.slice().reverse();
      const { page, problems } = await browser.page();
      const listings: URL[] = [];
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.pathname === '/games/deblockle/matches') listings.push(u);
      });
      await page.goto(`${base}/`);
      await page.click('[data-tab="deblockle"]');
      await page.waitForSelector('[data-list="waiting"] [data-match-id]');
      const shownIds = () =>
        page.$$eval('[data-list="waiting"] [data-match-id]', (els) =>
          els.map((e) => e.getAttribute('data-match-id') as string),
        );
      // One page, not the whole table: the API's own first page of that size.
      const first = await shownIds();
      const limit = Number(listings.find((u) => u.searchParams.get('status') === 'waiting')?.searchParams.get('limit'));
      expect(limit).toBeGreaterThan(0);
      expect(limit).toBeLessThan(11);
      expect(first).toHaveLength(limit);
      expect(await page.$('[data-more="waiting"]')).not.toBeNull();

      await findInList(page, 'waiting', made[0]!);
      const all = await shownIds();
      expect(new Set(all).size).toBe(all.length); // no match twice
      expect(all.filter((id) => made.includes(id))).toEqual(newest); // newest first, across pages
      const more = listings.filter((u) => u.searchParams.has('cursor'));
      expect(more.length).toBeGreaterThan(0);
      expect(
        more.every((u) => u.searchParams.get('status') === 'waiting' && u.searchParams.get('limit') === String(limit)),
      ).toBe(true);
      expect(problems).toEqual([]);
      await page.close();
    });

    it("shows each game's leaderboard, from the ratings route", async () => {
      const seats = new SeatsClient(h.client);
      const player = await seats.player(`rated-${Date.now().toString(36)}`);
      const m = await seats.create('reversi', [null, null]);
      await seats.join('reversi', m.id, { bot: 'greedy' }).expect(200);
      await seats.join('reversi', m.id, {}, player.key).expect(200);
      // A match is rated once both seats have moved (docs/api.md "Ratings"): the player moves once after the bot
      // (black), once its legal moves are there.
      const auth = { Authorization: `Bearer ${player.key}` };
      let legal = await h.client.http.get(`/games/reversi/matches/${m.id}/legal-moves`).set(auth);
      for (let i = 0; i < 100 && !(legal.status === 200 && legal.body.moves?.length > 0); i++) {
        await new Promise((r) => setTimeout(r, 100));
        legal = await h.client.http.get(`/games/reversi/matches/${m.id}/legal-moves`).set(auth);
      }
      await h.client.http
        .post(`/games/reversi/matches/${m.id}/moves`)
        .set(auth)
        .send({ move: legal.body.moves[0], expectedVersion: legal.body.version })
        .expect(200);
      // The bot may be moving at the same moment: a resignation that loses that race is retried, as a client would.
      let resigned = await h.client.http
        .post(`/games/reversi/matches/${m.id}/resign`)
        .set('Authorization', `Bearer ${player.key}`)
        .send({});
      for (let i = 0; i < 5 && resigned.status === 409 && resigned.body.code === 'VERSION_CONFLICT'; i++) {
        resigned = await h.client.http
          .post(`/games/reversi/matches/${m.id}/resign`)
          .set('Authorization', `Bearer ${player.key}`)
          .send({});
      }
      expect(resigned.status).toBe(200);
      // The ratings are a projection, folded every second: wait until the route has the player.
      let board: { name: string; kind: string; rating: number; matches: number }[] = [];
      for (let i = 0; i < 100 && !board.some((e) => e.name === player.name); i++) {
        await new Promise((r) => setTimeout(r, 200));
        board = (await h.client.http.get('/games/reversi/leaderboard?limit=100').expect(200)).body.entries;
      }
      expect(board.some((e) => e.name === player.name && e.kind === 'player')).toBe(true);

      const { page, problems } = await browser.page();
      await page.goto(`${base}/`);
      await page.click('[data-tab="reversi"]');
      await page.waitForSelector('[data-leaderboard="reversi"] [data-entry]');
      if (await page.$('[data-more="leaderboard"]')) await page.click('[data-more="leaderboard"]');
      await page.waitForSelector(`[data-leaderboard="reversi"] [data-entry="${player.name}"]`);
      // Other suites share this database and keep rating their players (the projector folds every second), so
      // the board can move between the page's read and ours. Compare a page whose read falls between two equal
      // reads of the route: reload until the route stood still around it (a wrong page still fails every time).
      const readRows = () =>
        page.$$eval('[data-leaderboard="reversi"] [data-entry]', (els) =>
          els.map((e) => [e.getAttribute('data-entry'), e.getAttribute('data-kind')]),
        );
      const readTruth = async (n: number) =>
        (await h.client.http.get(`/games/reversi/leaderboard?limit=${n > 10 ? 100 : 10}`).expect(200)).body
          .entries as typeof board;
      let rows = await readRows();
      let truth = await readTruth(rows.length);
      for (let attempt = 0; attempt < 10; attempt++) {
        const before = await readTruth(rows.length);
        await page.reload();
        await page.click('[data-tab="reversi"]');
        await page.waitForSelector(`[data-leaderboard="reversi"] [data-entry]`);
        if (await page.$('[data-more="leaderboard"]')) await page.click('[data-more="leaderboard"]');
        await page.waitForSelector(`[data-leaderboard="reversi"] [data-entry="${player.name}"]`);
        rows = await readRows();
        truth = await readTruth(rows.length);
        if (JSON.stringify(before) === JSON.stringify(truth)) break;
      }
      expect(rows).toEqual(truth.map((e) => [e.name, e.kind])); // highest first, as the route answers
      const mine = await page.textContent(`[data-entry="${player.name}"]`);
      const rating = truth.find((e) => e.name === player.name)!;
      expect(mine).toContain(rating.rating.toFixed(1));
      await page.screenshot({ path: join(SCREENSHOTS, 'lobby-lists.png'), fullPage: true });

      // Another game's tab reads that game's board.
      const reads: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/leaderboard')) reads.push(new URL(r.url()).pathname);
      });
      await page.click('[data-tab="split"]');
      await page.waitForSelector('[data-leaderboard="split"]');
      expect(reads).toContain('/games/split/leaderboard');
      expect(problems).toEqual([]);
      await page.close();
    });

    it('says who won a finished match and why, in words, reached from the finished list', async () => {
      const resigned = await h.client.create('reversi', ['ann', 'bob']);
      await h.client.http
        .post(`/games/reversi/matches/${resigned.id}/resign`)
        .set('Authorization', `Bearer ${resigned.seats[0]!.token}`)
        .send({})
        .expect(200);
      const { page, problems } = await browser.page();
      await page.goto(`${base}/`);
      await page.click('[data-tab="reversi"]');
      const row = (await findInList(page, 'finished', resigned.id))!;
      await (await row.$('a'))!.click();
      await page.waitForURL(new RegExp(`/play/reversi/${resigned.id}$`));
      await page.waitForSelector('.outcome');
      expect(await page.textContent('.outcome')).toBe('bob (white) wins: ann (black) resigned.');

      // A match played to its end: the words name the winner, the count and the reason.
      const { id, seats } = await h.client.create('reversi', ['cy', 'dee']);
      await play('reversi', id, seats, 80, (moves, i) => moves[(i * 3) % moves.length]);
      const over = (await h.client.get('reversi', id).expect(200)).body;
      expect(over.status).toBe('finished');
      await page.goto(`${base}/play/reversi/${id}`);
      await shown(page, 'reversi', over.version);
      const words = outcomeWords(over, (s) => (s === 0 ? 'black' : 'white'))!;
      expect(await page.textContent('.outcome')).toBe(words);
      expect(words).not.toContain('reversi/');
      const [black, white] = over.outcome.scores as [number, number];
      expect(words).toContain(
        black === white ? `A draw, ${black}–${white}` : `wins ${Math.max(black, white)}–${Math.min(black, white)}`,
      );
      await page.screenshot({ path: join(SCREENSHOTS, 'finished.png'), fullPage: true });
      expect(problems).toEqual([]);
      await page.close();
    });

    it('follows a tournament by its id', async () => {
      const t = await h.client.http
        .post('/tournaments')
        .send({
          game: 'reversi',
          format: 'round-robin',
          entrants: [
            { name: 'tr-random', bot: 'random' },
            { name: 'tr-greedy', bot: 'greedy' },
          ],
        })
        .expect(201);
      const { page, problems } = await browser.page();
      await page.goto(`${base}/#tournament=${t.body.id}`);
      await page.waitForSelector('section[aria-labelledby="tournament"] .match-list a');
      const truth = (await h.client.http.get(`/tournaments/${t.body.id}`).expect(200)).body;
      const match = truth.rounds[0].matches[0] as { id: string; seats: string[] };
      expect(await page.textContent(`a[href="/play/reversi/${match.id}"]`)).toBe(match.seats.join(' vs '));
      const standings = await page.textContent('section[aria-labelledby="tournament"] ol');
      expect(standings).toContain('tr-random');
      expect(standings).toContain('tr-greedy');
      expect(problems).toEqual([]);
      await page.close();
    });
  });

  describe('play now and the arena page', () => {
    const run = Math.random().toString(36).slice(2, 7);
    /** The lobby for a visitor this browser has not seen: no player kept, so "Play now" asks for a name. */
    async function freshLobby(page: Page) {
      await page.goto(`${base}/`);
      await page.evaluate('localStorage.clear()');
      await page.reload();
      await page.waitForSelector('input[name="player-name"]');
    }
    async function playNow(page: Page, game: string, name: string, botAfter: string) {
      await page.fill('input[name="player-name"]', name);
      await page.selectOption('select[name="bot-after"]', botAfter);
      await page.click(`[data-play-now="${game}"]`);
      await page.waitForSelector(`[data-me="${name}"]`);
    }
    // The lobby leaves for the match by itself: one of its reads (the catalogue, a list's 5 s refresh, the leaderboard, the
    // bots, a tournament) may be in flight then, and the browser aborts it, as it should. Anything else is a problem.
    const leftLobby = (problems: string[]) =>
      problems.filter(
        (p) =>
          !/^request failed: \S+\/(games|games\/\w+\/(matches\?\S*|leaderboard\?\S*|bots)|tournaments\/[\w-]+) net::ERR_ABORTED$/.test(
            p,
          ),
      );
    const matchOf = (url: string) => ({ id: new URL(url).pathname.split('/')[3]!, token: tokenOf(url) });

    it('"Play now" on Reversi with a bot after 10 s: the visitor waits, meets the strongest bot, and moves by clicking', async () => {
      const bots = (await h.client.http.get('/games/reversi/bots').expect(200)).body.bots as { id: string }[];
      const strongest = bots[bots.length - 1]!.id;
      const { page, problems } = await browser.page();
      await freshLobby(page);
      const name = `now-${run}`;
      const posted = Date.now();
      await playNow(page, 'reversi', name, '10');
      // Waiting, with a way out; the name is kept for the next visit.
      await page.waitForSelector('[data-seek="waiting"] [data-cancel-seek]');
      expect(await page.textContent('[data-seek="waiting"]')).toContain('Looking for an opponent for Reversi');
      expect(JSON.parse(await page.evaluate<string>('localStorage.getItem("turnbase.player")')).name).toBe(name);
      await page.screenshot({ path: join(SCREENSHOTS, 'play-now.png'), fullPage: true });

      await page.waitForURL(/\/play\/reversi\/[^#]+#token=/, { timeout: 45_000 });
      expect(Date.now() - posted).toBeGreaterThanOrEqual(10_000); // not before the wait chosen
      const { id, token } = matchOf(page.url());
      const match = (await h.client.get('reversi', id, token).expect(200)).body;
      const me = match.you as number;
      expect(match.players[me]).toMatchObject({ name, player: expect.any(String) });
      expect(match.players[1 - me]).toMatchObject({ name: strongest, bot: strongest });

      // The human's turn comes (after the bot's first move if the bot has black); a click moves.
      const target = await page.waitForSelector('[data-move]', { timeout: 30_000 });
      const version = Number(await page.getAttribute('[data-game="reversi"]', 'data-version'));
      const move = JSON.parse((await target.getAttribute('data-move')) as string);
      await target.click();
      await page.waitForSelector(`[data-game="reversi"]:not([data-version="${version}"])`);
      const log = (await h.client.log('reversi', id, token).expect(200)).body.entries as {
        seq: number;
        seat: number;
        move: unknown;
      }[];
      expect(log.find((e) => e.seq === version + 1)).toMatchObject({ seat: me, move });
      expect(leftLobby(problems)).toEqual([]);
      await page.close();
    });

    it('two visitors who click "Play now" on one game land in the same match, one seat each', async () => {
      // A second browser: a profile of its own, so its own player in localStorage.
      const other = await launchBrowser();
      try {
        const a = await browser.page();
        const b = await other.page();
        await Promise.all([freshLobby(a.page), freshLobby(b.page)]);
        await playNow(a.page, 'deblockle', `pair-a-${run}`, 'never');
        await a.page.waitForSelector('[data-seek="waiting"]');
        await playNow(b.page, 'deblockle', `pair-b-${run}`, 'never');
        await Promise.all([
          a.page.waitForURL(/\/play\/deblockle\/[^#]+#token=/),
          b.page.waitForURL(/\/play\/deblockle\/[^#]+#token=/),
        ]);
        const [ma, mb] = [matchOf(a.page.url()), matchOf(b.page.url())];
        expect(ma.id).toBe(mb.id);
        const seatA = (await h.client.get('deblockle', ma.id, ma.token).expect(200)).body;
        const seatB = (await h.client.get('deblockle', mb.id, mb.token).expect(200)).body;
        expect(new Set([seatA.you, seatB.you])).toEqual(new Set([0, 1]));
        expect(seatA.players.map((p: { name: string }) => p.name).sort()).toEqual([`pair-a-${run}`, `pair-b-${run}`]);
        expect(seatA.players.some((p: { bot?: string }) => p.bot)).toBe(false);
        await a.page.waitForSelector('.badge.you');
        await b.page.waitForSelector('.badge.you');
        expect(await a.page.textContent('.badge.you')).toBe(`seat ${seatA.you}: pair-a-${run}`);
        expect(await b.page.textContent('.badge.you')).toBe(`seat ${seatB.you}: pair-b-${run}`);
        expect(leftLobby([...a.problems, ...b.problems])).toEqual([]);
        await a.page.close();
      } finally {
        await other.close();
      }
    });

    it("shows an arena's live standings and running matches, reached from the lobby, updated from its stream", async () => {
      const entrants = ['random', 'greedy', 'random', 'greedy'].map((bot, i) => ({ name: `live${i}-${run}`, bot }));
      const t = (
        await h.client.http
          .post('/tournaments')
          .send({ game: 'reversi', format: 'arena', minutes: 1, entrants })
          .expect(201)
      ).body;
      const { page, problems } = await browser.page();
      const streams: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === `/tournaments/${t.id}/events`) streams.push(r.url());
      });
      await page.goto(`${base}/#tournament=${t.id}`);
      await (await page.waitForSelector('[data-arena-link]')).click();
      await page.waitForURL(`${base}/arena/${t.id}`);
      await page.waitForSelector('[data-standings] [data-entrant]');
      const names = await page.$$eval('[data-entrant]', (els) => els.map((e) => e.getAttribute('data-entrant')));
      expect(names.sort()).toEqual(entrants.map((e) => e.name).sort());
      // The matches being played, each a link to its page, all of this tournament's.
      await page.waitForSelector('[data-playing] a');
      const truth = await wholeTournament(h.app, t.id); // every page of its matches
      const ids = new Set<string>(
        truth.rounds.flatMap((r: { matches: { id: string }[] }) => r.matches.map((m) => m.id)),
      );
      const links = await page.$$eval('[data-playing] a', (els) => els.map((e) => e.getAttribute('href') as string));
      expect(links.length).toBeGreaterThan(0);
      for (const href of links) expect(ids.has(href.split('/')[3]!) && href.startsWith('/play/reversi/')).toBe(true);

      // Live: results come in without a reload, from the tournament's event stream.
      const playedNow = () =>
        page.$$eval('[data-entrant]', (els) => els.reduce((n, e) => n + Number(e.getAttribute('data-played')), 0));
      const before = await playedNow();
      // (Polled from here: the page's CSP forbids the string evaluation waitForFunction would need.)
      for (const until = Date.now() + 50_000; (await playedNow()) <= before && Date.now() < until;)
        await new Promise((r) => setTimeout(r, 250));
      expect(await playedNow()).toBeGreaterThan(before);
      expect(streams.length).toBeGreaterThan(0);
      // Two seats a match, two points a match: what the page shows adds up.
      const rows = await page.$$eval('[data-entrant]', (els) =>
        els.map((e) => ({
          points: Number(e.getAttribute('data-points')),
          played: Number(e.getAttribute('data-played')),
        })),
      );
      expect(rows.reduce((n, r) => n + r.points, 0)).toBe(rows.reduce((n, r) => n + r.played, 0));
      const points = rows.map((r) => r.points);
      expect(points).toEqual([...points].sort((x, y) => y - x)); // best first
      await page.screenshot({ path: join(SCREENSHOTS, 'arena.png'), fullPage: true });
      expect(leftLobby(problems)).toEqual([]);
      await page.close();
    });
  });

  describe('screenshots of each game', () => {
    async function snap(
      game: string,
      id: string,
      token: string | undefined,
      file: string,
      width = 1200,
      step?: (page: Page) => Promise<void>,
    ) {
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
        return places.reduce(
          (a, b) => (b.tiles.length > a.tiles.length ? b : a),
          places[0] ?? (moves[0] as { type: string; tiles: unknown[] }),
        );
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
        return (
          typed.find((m) => m.type === 'match') ??
          typed.find((m) => m.type === 'take') ??
          typed.find((m) => m.type === 'draw') ??
          typed[0]
        );
      });
      // Shown in the meld step, where a seat picks cards and the moves they allow are listed.
      const now = (await h.client.get('split', id).expect(200)).body;
      if (now.view.step === 'draw')
        await play('split', id, seats, 1, (moves) => (moves as { type: string }[]).find((m) => m.type === 'draw'));
      const seat = (await h.client.get('split', id).expect(200)).body.toMove[0] as number;
      await snap('split', id, seats[seat]!.token, 'split.png', 1200, async (page) => {
        if (await page.$('.card-button.usable')) await page.click('.card-button.usable');
      });
    });
  });
});
