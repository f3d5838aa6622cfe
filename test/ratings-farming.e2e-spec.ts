import { RatingsProjector } from '../src/ratings/ratings.projector';
import type { Body } from './support/body';
import { useApp } from './support/harness';
import { SeatsClient } from './support/seats';

/**
 * Ratings that cannot be farmed (issue #35, the audit's N2): a match in which some seat never moved is not
 * rated, and two players' matches count at most RATED_SAME_OPPONENT_PER_DAY (3) times in 24 hours. The rules
 * are src/ratings/rating-rules.ts; the rebuild (`npm run ratings:rebuild`) goes through the same projector.
 */
describe('ratings that cannot be farmed', () => {
  const h = useApp({ ratingsSweepMs: 0 });
  const run = Date.now().toString(36);
  const seats = () => new SeatsClient(h.client);
  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });

  /** A match of two open seats, `first` in seat 0 and `second` in seat 1 (by player key). */
  const match = async (first: { key: string }, second: { key: string }): Promise<string> => {
    const m = await seats().create('reversi', [null, null], { unlisted: true });
    await seats().join('reversi', m.id, { seat: 0 }, first.key).expect(200);
    await seats().join('reversi', m.id, { seat: 1 }, second.key).expect(200);
    return m.id;
  };
  const moveOnce = async (id: string, p: { key: string }): Promise<void> => {
    const legal = await h.client.http.get(`/games/reversi/matches/${id}/legal-moves`).set(auth(p.key)).expect(200);
    await h.client.http
      .post(`/games/reversi/matches/${id}/moves`)
      .set(auth(p.key))
      .send({ move: legal.body.moves[0], expectedVersion: legal.body.version })
      .expect(200);
  };
  const resign = (id: string, p: { key: string }) =>
    h.client.http.post(`/games/reversi/matches/${id}/resign`).set(auth(p.key)).send({}).expect(200);
  const me = async (p: { key: string }): Promise<Body> =>
    (await h.client.http.get('/players/me').set(auth(p.key)).expect(200)).body;
  const folded = async (ids: readonly string[]): Promise<number> =>
    (await h.db.pool.query('SELECT 1 FROM "RatedMatch" WHERE "matchId" = ANY($1::uuid[])', [ids])).rowCount ?? 0;

  it('12 throwaway players who resign at move 0 leave the fresh player unrated, and off the top of the leaderboard', async () => {
    const fresh = await seats().player(`fresh-${run}`);
    const before = (await h.client.http.get('/games/reversi/leaderboard?limit=1000').expect(200)).body.entries;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const throwaway = await seats().player(`throwaway-${i}-${run}`);
      // Half in seat 0 (to move first, resigning before its first move), half in seat 1 (resigning before
      // the fresh player, to move first, has moved).
      const id = i % 2 === 0 ? await match(throwaway, fresh) : await match(fresh, throwaway);
      await resign(id, throwaway);
      ids.push(id);
    }
    await h.app.get(RatingsProjector).catchUp();
    expect(await folded(ids)).toBe(12); // every match was folded in, and rated nobody
    expect((await me(fresh)).ratings).toEqual({});
    const board = (await h.client.http.get('/games/reversi/leaderboard?limit=1000').expect(200)).body.entries;
    const names = board.map((e: Body) => e.name);
    expect(names).not.toContain(fresh.name);
    expect(names.some((n: string) => n.startsWith('throwaway-') && n.endsWith(run))).toBe(false);
    expect(board[0]?.name ?? null).toBe(before[0]?.name ?? null);

    // The rule is the rebuild's too: folded from the logs again, these matches still rate nobody.
    await h.app.get(RatingsProjector).rebuild();
    expect((await me(fresh)).ratings).toEqual({});
  }, 60_000);

  it('a match is rated once both seats have moved; a resignation before the second seat moved is not', async () => {
    const [ann, bob] = [await seats().player(`ann-${run}`), await seats().player(`bob-${run}`)];
    // Seat 0 moved, seat 1 resigned before its first move: not rated.
    const half = await match(ann, bob);
    await moveOnce(half, ann);
    await resign(half, bob);
    // Both moved: rated.
    const both = await match(ann, bob);
    await moveOnce(both, ann);
    await moveOnce(both, bob);
    await resign(both, bob);
    await h.app.get(RatingsProjector).catchUp();
    expect(await folded([half, both])).toBe(2);
    expect((await me(ann)).ratings.reversi).toMatchObject({ matches: 1 });
    expect((await me(bob)).ratings.reversi).toMatchObject({ matches: 1 });
    expect((await me(ann)).ratings.reversi.rating).toBeGreaterThan((await me(bob)).ratings.reversi.rating);
  }, 60_000);

  it('the same two players count at most 3 times a day; another opponent still counts, and a rebuild agrees', async () => {
    const [cat, dan, eve] = [
      await seats().player(`cat-${run}`),
      await seats().player(`dan-${run}`),
      await seats().player(`eve-${run}`),
    ];
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const [a, b] = i % 2 === 0 ? [cat, dan] : [dan, cat];
      const id = await match(a, b);
      await moveOnce(id, a);
      await moveOnce(id, b);
      await resign(id, dan); // dan loses all 5: only 3 of them may move the ratings
      ids.push(id);
    }
    const other = await match(cat, eve);
    await moveOnce(other, cat);
    await moveOnce(other, eve);
    await resign(other, eve);
    await h.app.get(RatingsProjector).catchUp();
    expect(await folded([...ids, other])).toBe(6);
    const live = { cat: (await me(cat)).ratings.reversi, dan: (await me(dan)).ratings.reversi };
    expect(live.cat).toMatchObject({ matches: 4 });
    expect(live.dan).toMatchObject({ matches: 3 });
    expect((await me(eve)).ratings.reversi).toMatchObject({ matches: 1 });
    // The window is folded from the logs in the ratings' order: the rebuild gives the same ratings back.
    await h.app.get(RatingsProjector).rebuild();
    expect((await me(cat)).ratings.reversi).toEqual(live.cat);
    expect((await me(dan)).ratings.reversi).toEqual(live.dan);
  }, 60_000);
});
