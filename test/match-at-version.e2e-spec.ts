import { useApp } from './support/harness';

/** `GET …/matches/{id}?version=N`: the match as it was at version N, for replay viewers (the web stepper). */
describe('a match at a past version', () => {
  const h = useApp();

  it('replays Reversi to each version, from 0 (the start) to now', async () => {
    const { id, seats } = await h.client.create('reversi', ['ann', 'bob']);
    for (const [i, square] of ['d3', 'c3', 'c4'].entries())
      await h.client.move('reversi', id, seats[i % 2]?.token, { square }, i).expect(200);
    const now = await h.client.get('reversi', id).expect(200);

    const start = await h.client.http.get(`/games/reversi/matches/${id}?version=0`).expect(200);
    expect(start.body).toMatchObject({ id, version: 0, toMove: [0], outcome: null, status: 'active' });
    expect(start.body.view.board[3]).toBe('...WB...');
    expect(start.body.view.discs).toEqual({ black: 2, white: 2 });

    const one = await h.client.http.get(`/games/reversi/matches/${id}?version=1`).expect(200);
    expect(one.body).toMatchObject({ version: 1, toMove: [1] });
    expect(one.body.view.board[2]).toBe('...B....');
    expect(one.body.view.discs).toEqual({ black: 4, white: 1 });

    const latest = await h.client.http.get(`/games/reversi/matches/${id}?version=3`).expect(200);
    expect(latest.body).toEqual(now.body);
  });

  it('shows a seat its own hand as it was, and a spectator none', async () => {
    const { id, seats } = await h.client.create('qwirkle', ['ann', 'bob']);
    const before = await h.client.get('qwirkle', id, seats[0]?.token).expect(200);
    const starter = before.body.view.startingSeat as number;
    const legal = await h.client.legal('qwirkle', id, seats[starter]!.token, '?limit=1').expect(200);
    await h.client.move('qwirkle', id, seats[starter]?.token, legal.body.moves[0], 0).expect(200);

    const past = await h.client.http
      .get(`/games/qwirkle/matches/${id}?version=0`)
      .set('Authorization', `Bearer ${seats[0]!.token}`)
      .expect(200);
    expect(past.body).toMatchObject({ version: 0, you: 0 });
    expect(past.body.view.hand).toEqual(before.body.view.hand);
    const spectator = await h.client.http.get(`/games/qwirkle/matches/${id}?version=0`).expect(200);
    expect(spectator.body.view.hand).toBeUndefined();
    expect(spectator.body.view.board).toEqual([]);
  });

  it('refuses a version ahead of the match or not a number', async () => {
    const { id } = await h.client.create('reversi', ['ann', 'bob']);
    const ahead = await h.client.http.get(`/games/reversi/matches/${id}?version=1`).expect(400);
    expect(ahead.body).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'version/ahead' });
    const bad = await h.client.http.get(`/games/reversi/matches/${id}?version=-1`).expect(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'version/malformed' });
  });
});
