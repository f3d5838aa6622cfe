import { createHash } from 'node:crypto';
import { COLORS, SHAPES, type QwirkleView } from '../src/engine/qwirkle';
import { CARD_NAMES } from '../src/engine/split/cards';
import type { SplitView } from '../src/engine/split';
import { engines } from '../src/engine';
import { EVENT_STORE, type EventStore } from '../src/matches/event-store.port';
import { type SeenResponse, verifyStoredMatch } from '../src/matches/fairness';
import type { CreatedSeat } from './support/client';
import { type Harness, keysOf, useApp } from './support/harness';
import { playRandomly } from './support/playout';

const sha256 = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

interface Played {
  id: string;
  seats: CreatedSeat[];
  /** Every response while the match ran: create, GETs by each seat and a spectator, legal moves, moves, logs. */
  running: unknown[];
  /** The GETs as players keep them, to check their views against the seed. */
  seen: SeenResponse[];
  final: Record<string, unknown>;
}

async function playToTheEnd(
  h: Harness,
  game: 'qwirkle' | 'split',
  names: string[],
  options: unknown,
  seed: string,
): Promise<Played> {
  const created = await h.client.create(game, names, options);
  const running: unknown[] = [created.body];
  const seen: SeenResponse[] = [];
  const { final } = await playRandomly(h.client, game, created.id, created.seats, {
    seed,
    maxMoves: 5000,
    onStep: async ({ bySeat, spectator }) => {
      const bodies = [...bySeat, spectator];
      seen.push(...(bodies as unknown as SeenResponse[]));
      if (spectator.status === 'active') {
        running.push(...bodies);
        // The log replays the whole match on every read: sample it rather than read it at every step.
        if ((spectator.version as number) % 10 === 1)
          running.push((await h.client.log(game, created.id, created.seats[0]!.token, '?limit=1000')).body);
      }
    },
    onResponse: (_seat, body) => {
      if ((body as { status?: string }).status !== 'finished') running.push(body);
    },
  });
  return { id: created.id, seats: created.seats, running, seen, final };
}

async function storedSecrets(h: Harness, id: string): Promise<{ seed: string; salt: string; seedCommitment: string }> {
  const r = await h.db.pool.query('SELECT "seed", "salt", "seedCommitment" FROM "Match" WHERE "id" = $1', [id]);
  return r.rows[0];
}

/** Runs `fn` with one stored column or event changed, and puts it back afterwards. */
async function tampered<T>(
  h: Harness,
  change: [string, unknown[]],
  undo: [string, unknown[]],
  fn: () => Promise<T>,
): Promise<T> {
  await h.db.pool.query(...change);
  try {
    return await fn();
  } finally {
    await h.db.pool.query(...undo);
  }
}

/** Sets event `seq` of match `id` to `forged` while `fn` runs. */
function withForgedEvent<T>(
  h: Harness,
  id: string,
  seq: number,
  original: unknown,
  forged: unknown,
  fn: () => Promise<T>,
): Promise<T> {
  const sql = `UPDATE "MatchEvent" SET "payload" = $3::jsonb WHERE "matchId" = $1 AND "seq" = $2`;
  return tampered(h, [sql, [id, seq, JSON.stringify(forged)]], [sql, [id, seq, JSON.stringify(original)]], fn);
}

/** Reverses one text column of match `id` while `fn` runs (reversing twice restores it). */
function withReversed<T>(h: Harness, id: string, column: 'seed' | 'salt', fn: () => Promise<T>): Promise<T> {
  const sql = `UPDATE "Match" SET "${column}" = reverse("${column}") WHERE "id" = $1`;
  return tampered(h, [sql, [id]], [sql, [id]], fn);
}

describe('Provable fairness (commit-reveal)', () => {
  const h = useApp();
  const store = (): EventStore => h.app.get(EVENT_STORE);
  const played: Partial<Record<'qwirkle' | 'split', Played>> = {};

  beforeAll(async () => {
    played.qwirkle = await playToTheEnd(h, 'qwirkle', ['ann', 'bob'], undefined, 'fair-qwirkle');
    played.split = await playToTheEnd(h, 'split', ['ann', 'bob'], { rounds: 1 }, 'fair-split');
  }, 240_000); // two whole matches over HTTP, on a machine that may be busy

  describe.each(['qwirkle', 'split'] as const)('a finished %s match', (game) => {
    it('published the commitment in every response, and the seed and salt in none until the end', async () => {
      const p = played[game]!;
      const secrets = await storedSecrets(h, p.id);
      expect(secrets.seedCommitment).toMatch(/^[0-9a-f]{64}$/);
      expect(p.running.length).toBeGreaterThan(20);
      for (const body of p.running) {
        const keys = keysOf(body);
        expect(keys.has('seed')).toBe(false);
        expect(keys.has('salt')).toBe(false);
        const text = JSON.stringify(body);
        expect(text).not.toContain(secrets.seed);
        expect(text).not.toContain(secrets.salt);
        if ('view' in (body as object))
          expect((body as { seedCommitment: string }).seedCommitment).toBe(secrets.seedCommitment);
      }
      expect(p.final.status).toBe('finished');
      expect(p.final).toMatchObject(secrets);
      expect(sha256(`${p.final.salt as string}${p.final.seed as string}`)).toBe(p.final.seedCommitment);
    });

    it('verifies from its revealed seed, every view the players kept included', async () => {
      const p = played[game]!;
      const result = await verifyStoredMatch(store(), engines[game], p.id, p.seen);
      expect(result).toEqual({ ok: true, events: p.final.version, viewsChecked: p.seen.length });
    });

    it('fails with a tampered seed', async () => {
      const p = played[game]!;
      const result = await withReversed(h, p.id, 'seed', () => verifyStoredMatch(store(), engines[game], p.id));
      expect(result).toMatchObject({ ok: false, problem: 'commitment' });
    });

    it('fails with a tampered salt', async () => {
      const p = played[game]!;
      const result = await withReversed(h, p.id, 'salt', () => verifyStoredMatch(store(), engines[game], p.id));
      expect(result).toMatchObject({ ok: false, problem: 'commitment' });
    });

    it('fails when a kept view shows another hand than the seed gives', async () => {
      const p = played[game]!;
      const i = p.seen.findIndex((r) => r.you !== null && ((r.view as { hand?: unknown[] }).hand ?? []).length >= 2);
      const original = p.seen[i]!;
      const hand = (original.view as { hand: unknown[] }).hand;
      const other =
        game === 'qwirkle'
          ? { ...(hand[0] as object), color: otherColor(hand[0] as { color: string }) }
          : otherCard(hand as string[]);
      const forged = { ...original, view: { ...(original.view as object), hand: [other, ...hand.slice(1)] } };
      const seen = p.seen.map((r, j) => (j === i ? forged : r));
      const result = await verifyStoredMatch(store(), engines[game], p.id, seen);
      expect(result).toMatchObject({ ok: false, problem: 'view-mismatch', seq: original.version });
    });
  });

  it('fails with a tampered Qwirkle event: a placed tile the seed never dealt that seat', async () => {
    const p = played.qwirkle!;
    const events = await store().events(p.id);
    const event = events.find((e) => (e.payload as { type: string }).type === 'place')!;
    const before = p.seen.find((r) => r.version === event.seq - 1 && r.you === event.seat)!;
    const hand = (before.view as QwirkleView).hand!;
    const notHeld = COLORS.flatMap((color) => SHAPES.map((shape) => ({ color, shape }))).find(
      (t) => !hand.some((x) => x.color === t.color && x.shape === t.shape),
    )!;
    const payload = event.payload as { type: 'place'; tiles: { color: string; shape: string; x: number; y: number }[] };
    const forged = { ...payload, tiles: [{ ...payload.tiles[0]!, ...notHeld }, ...payload.tiles.slice(1)] };
    const result = await withForgedEvent(h, p.id, event.seq, payload, forged, () =>
      verifyStoredMatch(store(), engines.qwirkle, p.id),
    );
    expect(result).toMatchObject({ ok: false, problem: 'replay', seq: event.seq });
    expect((result as { message: string }).message).toContain('qwirkle/tiles-not-held');
  });

  it('fails with a tampered Split event: a discard of a card the seed never dealt that seat', async () => {
    const p = played.split!;
    const events = await store().events(p.id);
    const event = events.find((e) => (e.payload as { type: string }).type === 'discard')!;
    const before = p.seen.find((r) => r.version === event.seq - 1 && r.you === event.seat)!;
    const forged = { type: 'discard', card: otherCard((before.view as SplitView).hand as string[]) };
    const result = await withForgedEvent(h, p.id, event.seq, event.payload, forged, () =>
      verifyStoredMatch(store(), engines.split, p.id),
    );
    expect(result).toMatchObject({ ok: false, problem: 'replay', seq: event.seq });
    expect((result as { message: string }).message).toContain('split/card-not-held');
  });

  it('refuses to verify a running match, whose seed stays secret', async () => {
    const { id } = await h.client.create('qwirkle', ['ann', 'bob']);
    expect(await verifyStoredMatch(store(), engines.qwirkle, id)).toMatchObject({ ok: false, problem: 'not-over' });
  });

  it('gives a game without chance no commitment, and reveals nothing when it ends', async () => {
    const { id, seats, body } = await h.client.create('reversi', ['ann', 'bob']);
    expect(keysOf(body).has('seedCommitment')).toBe(false);
    const resigned = await h.client.http
      .post(`/games/reversi/matches/${id}/resign`)
      .set('Authorization', `Bearer ${seats[0]!.token}`)
      .expect(200);
    expect(resigned.body.status).toBe('finished');
    for (const k of ['seedCommitment', 'seed', 'salt']) expect(keysOf(resigned.body).has(k)).toBe(false);
    expect(await verifyStoredMatch(store(), engines.reversi, id)).toMatchObject({
      ok: false,
      problem: 'no-commitment',
    });
  });

  it('reveals the seed and salt of a match ended by resignation', async () => {
    const { id, seats, body } = await h.client.create('split', ['ann', 'bob']);
    const resigned = await h.client.http
      .post(`/games/split/matches/${id}/resign`)
      .set('Authorization', `Bearer ${seats[1]!.token}`)
      .expect(200);
    expect(resigned.body.seedCommitment).toBe(body.seedCommitment);
    expect(sha256(`${resigned.body.salt}${resigned.body.seed}`)).toBe(body.seedCommitment);
    expect(await verifyStoredMatch(store(), engines.split, id)).toEqual({ ok: true, events: 1, viewsChecked: 0 });
  });
});

function otherColor(tile: { color: string }): string {
  return COLORS.find((c) => c !== tile.color)!;
}

function otherCard(hand: readonly string[]): string {
  return CARD_NAMES.find((c) => !hand.includes(c))!;
}
