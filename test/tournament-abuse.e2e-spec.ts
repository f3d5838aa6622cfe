import request from 'supertest';
import { useApp } from './support/harness';

/** Issue 25: one anonymous tournament request must not take the server down (H2), nor spend more than its share. */
describe('tournaments under abuse', () => {
  const h = useApp();
  const bots = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `e${i}`, bot: 'random' }));

  it('H2: a round robin of 64 entrants at tables of 6 (75 million tables) is refused at once, and the heap does not grow', async () => {
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const res = await request(h.app.getHttpServer()).post('/tournaments')
      .send({ game: 'qwirkle', format: 'round-robin', seatsPerMatch: 6, entrants: bots(64) }).expect(400);
    const ms = performance.now() - started;
    const grewMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'tournament/too-large', details: { plannedMatches: 74_974_368, maxMatches: 2000 } });
    expect(ms).toBeLessThan(2000);
    expect(grewMb).toBeLessThan(100);
  }, 10_000);

  it('H2: 5 seats, and two seats too: a 64 x 50 round robin (100,800 matches) is refused', async () => {
    const five = await h.client.http.post('/tournaments').send({ game: 'qwirkle', format: 'round-robin', seatsPerMatch: 5, entrants: bots(64) }).expect(400);
    expect(five.body.reason).toBe('tournament/too-large');
    const two = await h.client.http.post('/tournaments').send({ game: 'reversi', format: 'round-robin', rounds: 50, entrants: bots(64) }).expect(400);
    expect(two.body).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'tournament/too-large', details: { plannedMatches: 100_800 } });
    // A single 64-entrant round robin is 2,016 matches: over the default cap of 2,000 as well.
    const single = await h.client.http.post('/tournaments').send({ game: 'reversi', format: 'round-robin', entrants: bots(64) }).expect(400);
    expect(single.body.details.plannedMatches).toBe(2016);
  });
});
