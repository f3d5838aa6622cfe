/**
 * Seats any Othello engine that speaks the Go Text Protocol (GTP) as a turnbase Reversi player, as lichess-bot
 * does for chess engines. Standard Node only (child_process, http, crypto, fetch): nothing to install.
 *
 * - `play`: through the API. Creates a match against a built-in bot (or with an open seat for another player),
 *   or joins one; follows it by long-polling the move log (`GET …/moves?after=N&wait=30`, docs/api.md "Waiting
 *   for your turn"); relays each opponent move to the engine with `play`, asks `genmove` on its turn and sends the
 *   answer with `If-Match` (and `expectedVersion`) and an `Idempotency-Key`, so a retried request never plays twice.
 * - `serve`: as an HTTP bot in a tournament (docs/api.md "Bots and tournaments"). Answers the server's signed turns
 *   (Standard Webhooks: HMAC-SHA256 of `id.timestamp.body` with the entrant's `whsec_` secret) with
 *   `{ "move" }`, keeping one engine process per match. The secret is the caller's own (`gtp-bridge secret` makes
 *   one): the bridge has it before it listens, and the caller passes the same one as the entrant's `webhookSecret`
 *   to `POST /tournaments`. Rejected: taking the secret from the create answer, which the first turn can beat
 *   (it was posted 159 ms after that answer, before the secret was stored, and was answered 401).
 *
 * Squares: turnbase's `d3` is GTP's `D3` (column a–h, row 1 at the top, as GRhino draws it). Seat 0 is black.
 * Passes: turnbase has no pass move (the server skips a seat that cannot move), so a pass shows in the log as
 * one seat moving twice in a row; the bridge relays it as `play <colour> pass`. GRhino answers `genmove` with
 * `pass` but refuses `play … pass` as a syntax error; it takes the next move of the same colour as the pass,
 * so a refused pass is not an error. Measured against Debian's GRhino 0.16: 0 disagreements on passes.
 *
 * The engine and the server are compared after every move the bridge relays or makes (`showboard`, parsed as
 * 8 rows of X/O/.), when the engine has `showboard`. On a difference, or an engine move the server refuses, the
 * bridge resyncs: `clear_board`, then the whole log replayed with `play`. Replaying the log is generic GTP;
 * setting a position directly has no standard command (GRhino's `grhino-setup_board` is its own).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Colour = 'black' | 'white';
export const colourOf = (seat: number): Colour => (seat === 0 ? 'black' : 'white');

/** A log entry as `GET …/moves` answers it (the fields the bridge reads). */
interface LogEntry {
  seq: number;
  seat: number | null;
  type: string;
  move?: { square: string };
}
interface LogPage {
  entries: LogEntry[];
  nextAfter: number | null;
}
/** The match response (the fields the bridge reads). */
export interface MatchResponse {
  id: string;
  status: string;
  version: number;
  toMove: number[];
  view: { board: string[] };
  outcome: { winners: number[]; scores: number[]; reason: string; draw: boolean } | null;
}

/** What a bridge counts: boards compared, disagreements found, resyncs done, engine moves the server refused. */
export interface BridgeStats {
  checks: number;
  disagreements: number;
  resyncs: number;
  refused: number;
}
const newStats = (): BridgeStats => ({ checks: 0, disagreements: 0, resyncs: 0, refused: 0 });

/** One GTP engine process: commands are queued, each answer is read up to its blank line. */
export class GtpEngine {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private readonly waiting: { resolve: (answer: { ok: boolean; text: string }) => void; reject: (e: Error) => void }[] =
    [];
  private exited: Error | null = null;
  private hasShowboard: boolean | null = null;

  constructor(readonly command: readonly string[]) {
    const [file, ...args] = command;
    if (!file) throw new Error('no engine command');
    this.child = spawn(file, args, { stdio: 'pipe' });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.read(chunk));
    this.child.stderr.resume();
    const gone = (why: string): void => {
      this.exited = new Error(`engine ${file}: ${why}`);
      for (const w of this.waiting.splice(0)) w.reject(this.exited);
    };
    this.child.on('error', (e) => gone(e.message));
    this.child.on('exit', (code) => gone(`exited with ${code}`));
    this.child.stdin.on('error', () => undefined);
  }

  private read(chunk: string): void {
    this.buffer += chunk.replace(/\r/g, '');
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const raw = this.buffer.slice(0, end).trim();
      this.buffer = this.buffer.slice(end + 2);
      if (raw === '') continue;
      const ok = raw.startsWith('=');
      this.waiting.shift()?.resolve({ ok, text: raw.replace(/^[=?]\d*\s?/, '') });
    }
  }

  /** Sends one command; answers `{ ok, text }` (`ok` false for a `?` answer). */
  send(command: string): Promise<{ ok: boolean; text: string }> {
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.child.stdin.write(`${command}\n`);
    });
  }

  private async must(command: string): Promise<string> {
    const answer = await this.send(command);
    if (!answer.ok) throw new Error(`engine refused "${command}": ${answer.text}`);
    return answer.text;
  }

  async newGame(): Promise<void> {
    await this.must('boardsize 8');
    await this.must('clear_board');
  }

  /** Tells the engine a move (a square such as `d3`, or `pass`); answers whether it took it. */
  async play(colour: Colour, square: string): Promise<boolean> {
    return (await this.send(`play ${colour} ${square}`)).ok;
  }

  /** The engine's move for `colour` (it plays it on its own board): a square such as `d3`, or `pass`. */
  async genmove(colour: Colour): Promise<string> {
    const text = (await this.must(`genmove ${colour}`)).trim().toLowerCase();
    if (text !== 'pass' && !/^[a-h][1-8]$/.test(text)) throw new Error(`engine answered genmove with "${text}"`);
    return text;
  }

  /** The engine's board as 8 rows of `B`, `W` and `.` (turnbase's view), or null without `showboard`. */
  async board(): Promise<string[] | null> {
    if (this.hasShowboard === null)
      this.hasShowboard = (await this.send('known_command showboard')).text.trim() === 'true';
    if (!this.hasShowboard) return null;
    const text = await this.must('showboard');
    const rows: string[] = [];
    for (const line of text.split('\n')) {
      const m = /^\s*([1-8])((?:\s+[.XO#@*+-])+)\s*$/.exec(line);
      if (!m) continue;
      const cells = (m[2] as string).trim().split(/\s+/);
      if (cells.length !== 8) continue;
      rows[Number(m[1]) - 1] = cells
        .map((c) => (c === 'X' || c === '#' || c === '@' ? 'B' : c === 'O' ? 'W' : '.'))
        .join('');
    }
    return rows.length === 8 && rows.every((r) => typeof r === 'string') ? rows : null;
  }

  close(): void {
    if (this.exited) return;
    this.child.stdin.end('quit\n');
    const timer = setTimeout(() => this.child.kill(), 2000);
    timer.unref();
  }
}

/**
 * The engine's copy of one match: which log entries it has been told, relayed with passes, compared with the
 * server's board, and replayed from the log when the two disagree.
 */
export class MatchMirror {
  /** The last log `seq` the engine knows. */
  applied = 0;
  /** The seat that made the last move the engine knows (a pass shows as the same seat moving twice). */
  private lastSeat: number | null = null;
  private started = false;

  constructor(
    readonly engine: GtpEngine,
    readonly stats: BridgeStats = newStats(),
    private readonly log: (line: object) => void = () => undefined,
  ) {}

  private async start(): Promise<void> {
    await this.engine.newGame();
    this.applied = 0;
    this.lastSeat = null;
    this.started = true;
  }

  /** Tells the engine one log entry (moves; a skipped seat's pass; other types move nothing). */
  private async relay(entry: LogEntry): Promise<boolean> {
    this.applied = entry.seq;
    if (entry.type !== 'MoveMade' || entry.seat === null || !entry.move) return true;
    const seat = entry.seat;
    // Black is to move first: a first move by white means black passed, as does a seat moving twice.
    const expected = this.lastSeat === null ? 0 : 1 - this.lastSeat;
    if (seat !== expected) await this.engine.play(colourOf(expected), 'pass'); // refused by some engines: harmless
    this.lastSeat = seat;
    return this.engine.play(colourOf(seat), entry.move.square);
  }

  /** Relays entries after `applied`; an entry the engine refuses makes it resync from the whole log. */
  async catchUp(entries: readonly LogEntry[], wholeLog: () => Promise<LogEntry[]>): Promise<void> {
    if (!this.started) await this.start();
    for (const entry of entries) {
      if (entry.seq <= this.applied) continue;
      if (entry.seq !== this.applied + 1 || !(await this.relay(entry))) {
        this.log({ event: 'engine-refused-relay', seq: entry.seq });
        await this.resync(await wholeLog());
        return;
      }
    }
  }

  /** The engine played its own move (genmove) and the server took it as entry `seq`. */
  ownMove(seq: number, seat: number): void {
    this.applied = seq;
    this.lastSeat = seat;
  }

  /** clear_board, then every entry of the log. */
  async resync(log: readonly LogEntry[]): Promise<void> {
    this.stats.resyncs++;
    await this.start();
    for (const entry of log) {
      if (!(await this.relay(entry)))
        throw new Error(`the engine refuses ${JSON.stringify(entry)} even from a clean board`);
    }
  }

  /** Compares the engine's board with the server's; answers whether they agree (true without showboard). */
  async agrees(board: readonly string[]): Promise<boolean> {
    const mine = await this.engine.board();
    if (mine === null) return true;
    this.stats.checks++;
    const same = mine.join('/') === board.join('/');
    if (!same) {
      this.stats.disagreements++;
      this.log({ event: 'disagreement', engine: mine, server: board });
    }
    return same;
  }

  /** Makes the engine agree with the server: compared, and resynced once on a difference. */
  async ensure(board: readonly string[], wholeLog: () => Promise<LogEntry[]>): Promise<void> {
    if (await this.agrees(board)) return;
    await this.resync(await wholeLog());
    const mine = await this.engine.board();
    if (mine && mine.join('/') !== board.join('/'))
      throw new Error('the engine still disagrees with the server after a resync');
  }
}

/** A turnbase API client for one match, with retries on 429/503 (after `Retry-After`) and network errors. */
class Api {
  constructor(
    readonly server: string,
    private readonly auth?: string,
  ) {}

  async call<T>(
    method: string,
    path: string,
    opts: { body?: unknown; headers?: Record<string, string>; token?: string } = {},
  ): Promise<{ status: number; body: T }> {
    const token = opts.token ?? this.auth;
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(`${this.server}${path}`, {
          method,
          headers: {
            accept: 'application/json',
            ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...opts.headers,
          },
          body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        });
      } catch (error) {
        if (attempt < 5) {
          await sleep(200 * 2 ** attempt);
          continue;
        }
        throw error;
      }
      if ((res.status === 429 || res.status === 503) && attempt < 10) {
        await sleep(1000 * Number(res.headers.get('retry-after') ?? '1'));
        continue;
      }
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
    }
  }

  async ok<T>(
    method: string,
    path: string,
    opts: { body?: unknown; headers?: Record<string, string>; token?: string } = {},
  ): Promise<T> {
    const { status, body } = await this.call<T>(method, path, opts);
    if (status < 200 || status > 299) throw new Error(`${method} ${path}: ${status} ${JSON.stringify(body)}`);
    return body;
  }

  /** The whole log of a match, page by page. */
  async log(matchId: string, token?: string, after = 0): Promise<LogEntry[]> {
    const all: LogEntry[] = [];
    for (let cursor: number | null = after; cursor !== null;) {
      const page: LogPage = await this.ok<LogPage>('GET', `/games/reversi/matches/${matchId}/moves?after=${cursor}`, {
        token,
      });
      all.push(...page.entries);
      cursor = page.nextAfter;
    }
    return all;
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface PlayOptions {
  /** The turnbase server, e.g. `http://localhost:3000`. */
  server: string;
  /** The engine's command line, e.g. `['/usr/games/gtp-rhino', '-l', '3']`. */
  engine: readonly string[];
  /** The seat's name. */
  name?: string;
  /** A player key: the seat is then that player's (and counts for its rating). */
  playerKey?: string;
  /** Create a match against this built-in bot (`greedy`, …). */
  vs?: string;
  /** Create a match with an open seat, for another player to join (its id is logged). */
  open?: boolean;
  /** Join this waiting match instead of creating one. */
  join?: string;
  /** The engine's colour when creating (default black). */
  colour?: Colour;
  /** Each line of progress, as JSON. */
  log?: (line: object) => void;
}

export interface PlayResult {
  matchId: string;
  seat: number;
  match: MatchResponse;
  /** The engine's final board (null without showboard). */
  engineBoard: string[] | null;
  stats: BridgeStats;
  /** Milliseconds the engine took for each of its moves. */
  moveMs: number[];
}

/** Plays one whole Reversi match through the API with a GTP engine; answers when it is over. */
export async function playMatch(opts: PlayOptions): Promise<PlayResult> {
  const log = opts.log ?? (() => undefined);
  const api = new Api(opts.server.replace(/\/$/, ''), opts.playerKey);
  const base = '/games/reversi/matches';
  let matchId: string;
  let seat: number;
  let token: string | undefined;
  const me = opts.playerKey && !opts.name ? {} : { name: opts.name ?? 'gtp' };
  if (opts.join) {
    const joined = await api.ok<{ seat: number; token: string }>('POST', `${base}/${opts.join}/join`, { body: me });
    [matchId, seat, token] = [opts.join, joined.seat, joined.token];
  } else {
    const other = opts.open ? { open: true } : { bot: opts.vs ?? 'greedy' };
    seat = opts.colour === 'white' ? 1 : 0;
    const players = seat === 0 ? [me, other] : [other, me];
    const created = await api.ok<{ id: string; seats: { seat: number; token: string | null }[] }>('POST', base, {
      body: { players },
    });
    matchId = created.id;
    token = created.seats.find((s) => s.seat === seat)?.token ?? undefined;
  }
  token = token ?? opts.playerKey;
  log({ event: 'seated', matchId, seat, colour: colourOf(seat) });

  const engine = new GtpEngine(opts.engine);
  const stats = newStats();
  const mirror = new MatchMirror(engine, stats, log);
  const wholeLog = (): Promise<LogEntry[]> => api.log(matchId, token);
  const moveMs: number[] = [];
  try {
    // Whether the next read waits for an entry: not while the engine may be the one to move.
    let wait = false;
    for (;;) {
      // Long-poll: answers at once when there are entries after the engine's last, else when one arrives.
      const page = await api.ok<LogPage>(
        'GET',
        `${base}/${matchId}/moves?after=${mirror.applied}${wait ? '&wait=30' : ''}`,
        { token },
      );
      await mirror.catchUp(page.entries, wholeLog);
      wait = false;
      if (page.nextAfter !== null) continue; // more pages of entries to relay first
      const match = await api.ok<MatchResponse>('GET', `${base}/${matchId}`, { token });
      if (match.version > mirror.applied) continue; // entries arrived in between: relay them first
      wait = true;
      if (match.status === 'waiting') continue;
      await mirror.ensure(match.view.board, wholeLog);
      if (match.status !== 'active') {
        log({ event: 'finished', matchId, outcome: match.outcome });
        return { matchId, seat, match, engineBoard: await engine.board(), stats, moveMs };
      }
      if (!match.toMove.includes(seat)) continue;
      wait = false;

      const started = performance.now();
      let square = await engine.genmove(colourOf(seat));
      moveMs.push(Math.round(performance.now() - started));
      for (let tries = 0; ; tries++) {
        const version = match.version;
        if (square === 'pass')
          throw new Error(`the engine passes at version ${version}, but the server says it has a move`);
        const sent = await api.call<MatchResponse & { code?: string }>('POST', `${base}/${matchId}/moves`, {
          token,
          body: { move: { square }, expectedVersion: version },
          headers: { 'if-match': `"${version}"`, 'idempotency-key': `gtp-${matchId}-${version}` },
        });
        if (sent.status === 200 || sent.status === 201) {
          mirror.ownMove(sent.body.version, seat);
          log({ event: 'move', matchId, version, square, ms: moveMs[moveMs.length - 1] });
          await mirror.ensure(sent.body.view.board, wholeLog);
          // The opponent skipped (it cannot move) or the match over: nothing to wait for.
          wait = sent.body.status === 'active' && !sent.body.toMove.includes(seat);
          break;
        }
        if (sent.body.code === 'VERSION_CONFLICT' || sent.body.code === 'GAME_OVER' || sent.body.code === 'TIMED_OUT') {
          await mirror.resync(await wholeLog()); // the engine played a move the match does not have
          break;
        }
        stats.refused++;
        log({ event: 'refused', matchId, version, square, answer: sent.body });
        if (tries > 0) throw new Error(`the server refuses the engine's move ${square}: ${JSON.stringify(sent.body)}`);
        await mirror.resync(await wholeLog());
        square = await engine.genmove(colourOf(seat));
      }
    }
  } finally {
    engine.close();
  }
}

/** Verifies a Standard Webhooks signature (`v1,<base64>` entries, space-separated) within 5 minutes. */
export function verifySignature(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  body: string,
  nowMs = Date.now(),
): boolean {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signatures = headers['webhook-signature'];
  if (typeof id !== 'string' || typeof timestamp !== 'string' || typeof signatures !== 'string') return false;
  if (!/^\d+$/.test(timestamp) || Math.abs(nowMs / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((s) => {
    const [version, sig] = s.split(',');
    if (version !== 'v1' || !sig) return false;
    const given = Buffer.from(sig, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/** A new secret for an HTTP-bot entrant: `whsec_` and the base64 of 32 random bytes (the server takes 24 to 64). */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Why `secret` is not one the server takes as an entrant's `webhookSecret`, or null when it is. */
export function secretProblem(secret: string): string | null {
  if (!secret.startsWith('whsec_')) return 'it must start with whsec_';
  const encoded = secret.slice('whsec_'.length);
  const key = Buffer.from(encoded, 'base64');
  if (key.toString('base64') !== encoded) return 'the part after whsec_ must be base64';
  if (key.length < 24 || key.length > 64) return `it holds ${key.length} bytes; 24 to 64 are taken`;
  return null;
}

export interface ServeOptions {
  /** The turnbase server, to read a match's log (a turn carries the board, not the moves that led to it). */
  server: string;
  engine: readonly string[];
  /**
   * The caller's own secret (see `newSecret`), also given to `POST /tournaments` as the entrant's `webhookSecret`:
   * known before the first turn, unlike one the server makes and answers.
   */
  secret: string;
  port?: number;
  host?: string;
  /** A match's engine is closed after this long without a turn (its match is most likely over). */
  idleMs?: number;
  log?: (line: object) => void;
}

interface Turn {
  game: string;
  matchId: string;
  seat: number;
  version: number;
  match: MatchResponse;
  legalMoves: { square: string }[];
  deadlineAt: string;
}

/** One match's engine in the HTTP-bot mode; turns of a match are answered one at a time. */
interface Seated {
  mirror: MatchMirror;
  queue: Promise<unknown>;
  idle?: NodeJS.Timeout;
  moveMs: number[];
}

export interface HttpBridge {
  url: string;
  stats: BridgeStats;
  /** Relays a finished match's last moves to its engine, compares the final boards, closes the engine. */
  finish(
    matchId: string,
  ): Promise<{ agrees: boolean; engineBoard: string[] | null; serverBoard: string[]; moveMs: number[] } | null>;
  close(): Promise<void>;
}

/** Serves the HTTP-bot protocol for a GTP engine: one engine process per match. */
export async function serveHttpBot(opts: ServeOptions): Promise<HttpBridge> {
  const log = opts.log ?? (() => undefined);
  const api = new Api(opts.server.replace(/\/$/, ''));
  const stats = newStats();
  const seated = new Map<string, Seated>();
  const problem = secretProblem(opts.secret);
  if (problem !== null) throw new Error(`the secret: ${problem}`);

  const seat = (matchId: string): Seated => {
    let s = seated.get(matchId);
    if (!s) {
      s = { mirror: new MatchMirror(new GtpEngine(opts.engine), stats, log), queue: Promise.resolve(), moveMs: [] };
      seated.set(matchId, s);
    }
    const it = s;
    if (it.idle) clearTimeout(it.idle);
    it.idle = setTimeout(() => void finish(matchId).catch(() => undefined), opts.idleMs ?? 120_000);
    it.idle.unref();
    return it;
  };

  const answer = async (turn: Turn): Promise<{ square: string }> => {
    const s = seat(turn.matchId);
    const wholeLog = (): Promise<LogEntry[]> => api.log(turn.matchId);
    const { mirror } = s;
    const entries = await api.log(turn.matchId, undefined, mirror.applied);
    await mirror.catchUp(
      entries.filter((e) => e.seq <= turn.version),
      async () => (await wholeLog()).filter((e) => e.seq <= turn.version),
    );
    await mirror.ensure(turn.match.view.board, async () => (await wholeLog()).filter((e) => e.seq <= turn.version));
    const legal = new Set(turn.legalMoves.map((m) => m.square));
    const started = performance.now();
    let square = await mirror.engine.genmove(colourOf(turn.seat));
    s.moveMs.push(Math.round(performance.now() - started));
    if (!legal.has(square)) {
      stats.refused++;
      log({ event: 'illegal-engine-move', matchId: turn.matchId, version: turn.version, square });
      await mirror.resync((await wholeLog()).filter((e) => e.seq <= turn.version));
      square = await mirror.engine.genmove(colourOf(turn.seat));
      if (!legal.has(square)) throw new Error(`the engine's move ${square} is not legal at version ${turn.version}`);
    }
    // The server appends it as the next entry; if it does not (a late answer), the next turn resyncs.
    mirror.ownMove(turn.version + 1, turn.seat);
    log({ event: 'move', matchId: turn.matchId, version: turn.version, square, ms: s.moveMs[s.moveMs.length - 1] });
    return { square };
  };

  const finish: HttpBridge['finish'] = async (matchId) => {
    const s = seated.get(matchId);
    if (!s) return null;
    if (s.idle) clearTimeout(s.idle);
    seated.delete(matchId);
    await s.queue.catch(() => undefined);
    try {
      const wholeLog = (): Promise<LogEntry[]> => api.log(matchId);
      await s.mirror.catchUp(await api.log(matchId, undefined, s.mirror.applied), wholeLog);
      const match = await api.ok<MatchResponse>('GET', `/games/reversi/matches/${matchId}`);
      const agrees = await s.mirror.agrees(match.view.board);
      const engineBoard = await s.mirror.engine.board();
      log({ event: 'finished', matchId, agrees, outcome: match.outcome });
      return { agrees, engineBoard, serverBoard: match.view.board, moveMs: s.moveMs };
    } finally {
      s.mirror.engine.close();
    }
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const reply = (status: number, payload: object): void => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      };
      if (req.method !== 'POST' || !verifySignature(opts.secret, req.headers, body))
        return reply(401, { error: 'bad signature' });
      let turn: Turn;
      try {
        turn = JSON.parse(body) as Turn;
      } catch {
        return reply(400, { error: 'not JSON' });
      }
      if (turn.game !== 'reversi') return reply(400, { error: 'this bridge plays Reversi only' });
      const s = seat(turn.matchId);
      const work = s.queue.then(() => answer(turn));
      s.queue = work.catch(() => undefined);
      work.then(
        (move) => reply(200, { move }),
        (error: Error) => {
          log({ event: 'error', matchId: turn.matchId, message: error.message });
          reply(500, { error: error.message });
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    stats,
    finish,
    async close() {
      for (const id of [...seated.keys()]) {
        const s = seated.get(id);
        if (s?.idle) clearTimeout(s.idle);
        s?.mirror.engine.close();
      }
      seated.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** `node gtp-bridge.js play|serve [--flag value …] -- <engine command…>` */
async function main(argv: string[]): Promise<void> {
  const dash = argv.indexOf('--');
  const [mode, ...flags] = dash >= 0 ? argv.slice(0, dash) : argv;
  const engine = dash >= 0 ? argv.slice(dash + 1) : [];
  const opt = (name: string): string | undefined => {
    const i = flags.indexOf(`--${name}`);
    return i >= 0 ? flags[i + 1] : undefined;
  };
  const usage =
    'usage: gtp-bridge play --server URL [--vs greedy | --open | --join ID] [--colour black|white] [--name N] [--key PLAYER_KEY] -- ENGINE…\n' +
    '       gtp-bridge secret   (prints a new whsec_… secret for serve and for the entrant of POST /tournaments)\n' +
    '       gtp-bridge serve --server URL --port P (--secret-file F | --secret whsec_… | GTP_BRIDGE_SECRET) [--host H] -- ENGINE…';
  if (mode === 'secret') {
    console.log(newSecret());
    return;
  }
  const server = opt('server');
  if (!server || engine.length === 0 || (mode !== 'play' && mode !== 'serve')) throw new Error(usage);
  const log = (line: object): void => console.log(JSON.stringify(line));
  if (mode === 'play') {
    const colour = opt('colour');
    if (colour !== undefined && colour !== 'black' && colour !== 'white') throw new Error(usage);
    const result = await playMatch({
      server,
      engine,
      vs: opt('vs'),
      open: flags.includes('--open'),
      join: opt('join'),
      colour,
      name: opt('name'),
      playerKey: opt('key'),
      log,
    });
    log({
      event: 'result',
      matchId: result.matchId,
      seat: result.seat,
      outcome: result.match.outcome,
      stats: result.stats,
    });
    return;
  }
  // The caller's own secret, read once, before the bridge listens. A file (or the variable) keeps it out of the
  // command line that `ps` shows; the file is as private as its permissions make it.
  const secretFile = opt('secret-file');
  const secret = secretFile
    ? readFileSync(secretFile, 'utf8').trim()
    : (opt('secret') ?? process.env.GTP_BRIDGE_SECRET);
  if (!secret) throw new Error(usage);
  const bridge = await serveHttpBot({ server, engine, secret, port: Number(opt('port') ?? 0), host: opt('host'), log });
  log({ event: 'listening', url: bridge.url });
  const stop = (): void => void bridge.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) {
  main(process.argv.slice(2)).catch((error: Error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
