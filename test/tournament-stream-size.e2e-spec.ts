import request from 'supertest';
import type { Body } from './support/body';
import { waitForTournament } from './support/bots';
import { useApp } from './support/harness';

/**
 * Issue 35, item 8: a tournament stream sends what changed, never the whole tournament, so an event's size does
 * not grow with the matches played; GET /tournaments/{id} pages its matches. A round robin of 24 random bots
 * meeting twice plans 552 matches (46 rounds of 12); Deblockle with `maxTurns: 1` ends each match at its first turn (a draw), so
 * they are all played for real, by the server's own bots and director, in seconds.
 */
describe('tournament stream size and match paging', () => {
  const h = useApp({ tournamentSweepMs: 20, botSweepMs: 20 });
  const run = Math.random().toString(36).slice(2, 8);

  it('an event stays under 4 KB at 500 matches, and the pages hold every match exactly once', async () => {
    const entrants = Array.from({ length: 24 }, (_, i) => ({ name: `z${i}-${run}`, bot: 'random' }));
    const created = await h.client.http
      .post('/tournaments')
      .send({
        game: 'deblockle',
        format: 'round-robin',
        rounds: 2,
        options: { setup: 'random', maxTurns: 1 },
        entrants,
      })
      .expect(201);
    const id = created.body.id as string;
    expect(created.body.plannedRounds).toBe(46);
    const t = await waitForTournament(h.app, id, 150_000);
    const all: string[] = t.rounds.flatMap((r: Body) => r.matches.map((m: Body) => m.id));
    expect(all.length).toBe(552);
    expect(new Set(all).size).toBe(all.length);

    // The whole stream, replayed from its first step.
    const res = await request(h.app.getHttpServer())
      .get(`/tournaments/${id}/events`)
      .buffer(true)
      .parse((r, cb) => {
        let text = '';
        r.on('data', (c: Buffer) => (text += c.toString()));
        r.on('end', () => cb(null, text));
      })
      .expect(200);
    const blocks = (res.body as string).split('\n\n').filter((b) => b.startsWith('id:'));
    expect(blocks.length).toBe(46 + 552 + 1);
    const sizes = blocks.map((b) => Buffer.byteLength(b));
    const largest = Math.max(...sizes);
    expect(largest).toBeLessThan(4096);
    const events = blocks.map((b) => JSON.parse(b.slice(b.indexOf('data: ') + 6)) as Body);
    // The last results are as small as the first but for the standings' longer numbers: no event carries the tournament.
    const finishedSizes = sizes.filter((_, i) => events[i]?.type === 'match.finished');
    expect(Math.max(...finishedSizes.slice(-50))).toBeLessThanOrEqual(Math.max(...finishedSizes.slice(0, 50)) + 200);
    const started = events
      .filter((e) => e.type === 'round.started')
      .flatMap((e) => e.round.matches.map((m: Body) => m.id));
    const scored = events.filter((e) => e.type === 'match.finished').map((e) => e.match.id);
    expect([...started].sort()).toEqual([...all].sort());
    expect([...scored].sort()).toEqual([...all].sort());
    expect(events[events.length - 1]).toMatchObject({ type: 'tournament.finished', standings: t.standings });

    // Pages of the default size, then of 7: every match once, in (round, table) order, the rest of the answer whole.
    for (const limit of [undefined, 7]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Body = (
          await request(h.app.getHttpServer())
            .get(`/tournaments/${id}`)
            .query({ ...(limit === undefined ? {} : { limit }), ...(cursor === null ? {} : { cursor }) })
            .expect(200)
        ).body;
        const ids = page.rounds.flatMap((r: Body) => r.matches.map((m: Body) => m.id));
        expect(ids.length).toBeLessThanOrEqual(limit ?? 50);
        expect(page.standings).toEqual(t.standings);
        expect(page.entrants).toHaveLength(24);
        seen.push(...ids);
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor !== null);
      expect(seen).toEqual(all);
      expect(pages).toBe(Math.ceil(552 / (limit ?? 50)));
    }
    for (const bad of ['x', '1.', '-1.0', '1.2.3', '9999999999.1']) {
      const refused = await request(h.app.getHttpServer()).get(`/tournaments/${id}`).query({ cursor: bad }).expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'cursor/invalid' });
    }
    await request(h.app.getHttpServer()).get(`/tournaments/${id}`).query({ limit: 0 }).expect(400);
  }, 200_000);
});
