import { CLOCK, type Clock } from '../src/common/clock';
import { ExpiryService } from '../src/matches/expiry.service';
import { useApp } from './support/harness';
import { SeatsClient } from './support/seats';

describe('open seats and joining', () => {
  const h = useApp();
  let seats: SeatsClient;
  beforeAll(() => {
    seats = new SeatsClient(h.client);
  });

  it('a 3-seat Qwirkle match with two open seats is listed and refuses moves while waiting, is filled by name and by a player key, then is active and leaves the waiting list', async () => {
    const m = await seats.create('qwirkle', ['ann', null, null]);
    expect(m.status).toBe('waiting');
    expect(m.players).toEqual([
      { seat: 0, name: 'ann' },
      { seat: 1, name: null, open: true },
      { seat: 2, name: null, open: true },
    ]);
    expect(m.seats).toEqual([{ seat: 0, name: 'ann', token: expect.stringMatching(/^tbs_/) }]);
    expect(m.toMove).toEqual([]);
    const ann = m.seats[0]!.token;

    const waiting = await seats.lobbyAll('qwirkle', 'waiting');
    expect(waiting.find((x) => x.id === m.id)).toMatchObject({ openSeats: [1, 2] });

    const hand = (await h.client.get('qwirkle', m.id, ann).expect(200)).body.view.hand as {
      color: string;
      shape: string;
    }[];
    const early = await h.client.move('qwirkle', m.id, ann, { type: 'place', tiles: [{ ...hand[0], x: 0, y: 0 }] }, 0);
    expect([early.status, early.body.code]).toEqual([409, 'MATCH_NOT_STARTED']);
    const resign = await h.client.http
      .post(`/games/qwirkle/matches/${m.id}/resign`)
      .set('Authorization', `Bearer ${ann}`)
      .send({});
    expect([resign.status, resign.body.code]).toEqual([409, 'MATCH_NOT_STARTED']);
    expect(await h.db.eventCount(m.id)).toBe(0);

    const bob = await seats.join('qwirkle', m.id, { name: 'bob' }).expect(200);
    expect(bob.body).toMatchObject({
      seat: 1,
      you: 1,
      status: 'waiting',
      version: 1,
      token: expect.stringMatching(/^tbs_/),
    });
    expect(bob.body.view.hand).toHaveLength(6);
    expect((await seats.lobbyAll('qwirkle', 'waiting')).find((x) => x.id === m.id)).toMatchObject({ openSeats: [2] });

    const cy = await seats.player('cy');
    const joined = await seats.join('qwirkle', m.id, {}, cy.key).expect(200);
    expect(joined.body).toMatchObject({ seat: 2, status: 'active', version: 2 });
    expect(joined.body.players).toEqual([
      { seat: 0, name: 'ann' },
      { seat: 1, name: 'bob' },
      { seat: 2, name: 'cy', player: cy.id },
    ]);
    expect(joined.body.toMove).toHaveLength(1);

    expect((await seats.lobbyAll('qwirkle', 'waiting')).map((x) => x.id)).not.toContain(m.id);
    expect((await seats.lobbyAll('qwirkle', 'active')).map((x) => x.id)).toContain(m.id);
    const full = await seats.join('qwirkle', m.id, { name: 'dan' });
    expect([full.status, full.body.code]).toEqual([409, 'NO_OPEN_SEAT']);

    const log = await h.client.log('qwirkle', m.id).expect(200);
    expect(log.body.entries.map((e: { type: string; seat: number }) => [e.type, e.seat])).toEqual([
      ['SeatJoined', 1],
      ['SeatJoined', 2],
    ]);
    // Every seat now plays: the seat to move gets its legal moves with its token or its player's key.
    const mover = joined.body.toMove[0] as number;
    const moverCredential = [ann, bob.body.token, cy.key][mover] as string;
    const legal = await h.client.legal('qwirkle', m.id, moverCredential).expect(200);
    expect(legal.body.moves.length).toBeGreaterThan(0);
  });

  it('refuses a taken seat, a second seat for one player, and a seat that does not exist', async () => {
    const m = await seats.create('qwirkle', ['ann', null, null, null]);
    const p = await seats.player('pat');
    await seats.join('qwirkle', m.id, { seat: 2 }, p.key).expect(200);
    const taken = await seats.join('qwirkle', m.id, { name: 'x', seat: 2 });
    expect([taken.status, taken.body.code]).toEqual([409, 'SEAT_TAKEN']);
    const twice = await seats.join('qwirkle', m.id, { seat: 3 }, p.key);
    expect([twice.status, twice.body.code]).toEqual([409, 'ALREADY_SEATED']);
    const none = await seats.join('qwirkle', m.id, { name: 'x', seat: 4 });
    expect([none.status, none.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const nameless = await seats.join('qwirkle', m.id, {});
    expect([nameless.status, nameless.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    const badKey = await seats.join('qwirkle', m.id, { name: 'x' }, 'tbp_unknown');
    expect([badKey.status, badKey.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(await h.db.eventCount(m.id)).toBe(1);
  });

  it('20 concurrent joins on the last open seat: exactly one 200, nineteen 409s, one SeatJoined event', async () => {
    const m = await seats.create('reversi', ['ann', null]);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        seats.join('reversi', m.id, i % 2 ? { name: `p${i}`, seat: 1 } : { name: `p${i}` }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(['SEAT_TAKEN', 'NO_OPEN_SEAT']).toContain(r.body.code);
    const events = await h.db.pool.query('SELECT "type" FROM "MatchEvent" WHERE "matchId" = $1', [m.id]);
    expect(events.rows).toEqual([{ type: 'SeatJoined' }]);
    const now = await h.client.get('reversi', m.id, ok[0]!.body.token).expect(200);
    expect(now.body).toMatchObject({
      status: 'active',
      you: 1,
      players: [{ name: 'ann' }, { name: ok[0]!.body.players[1].name }],
    });
  });

  it('replaces a seat token: the new one works, the old one stops at once', async () => {
    const m = await seats.create('reversi', ['ann', 'bob']);
    const old = m.seats[0]!.token;
    await h.client.get('reversi', m.id, old).expect(200); // this instance now knows the old token
    const fresh = await h.client.http
      .post(`/games/reversi/matches/${m.id}/seat-token`)
      .set('Authorization', `Bearer ${old}`)
      .expect(200);
    expect(fresh.body).toEqual({ seat: 0, token: expect.stringMatching(/^tbs_/) });
    expect(fresh.body.token).not.toBe(old);
    const stale = await h.client.move('reversi', m.id, old, { square: 'd3' }, 0);
    expect([stale.status, stale.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    await h.client.get('reversi', m.id, old).expect(401);
    await h.client.move('reversi', m.id, fresh.body.token, { square: 'd3' }, 0).expect(200);
  });

  describe('expiry', () => {
    // The sweep reads the whole (shared) test database, so these matches are created with the clock set back:
    // their time runs out within seconds of now, while every other file's waiting matches still have a day.
    const TTL = 86_400; // WAITING_MATCH_TTL_SECONDS' default
    let clock: Clock;
    let realNow: () => Date;
    beforeAll(() => {
      clock = h.app.get(CLOCK);
      realNow = clock.now.bind(clock);
    });
    afterEach(() => {
      clock.now = realNow;
    });
    const at = (offsetSeconds: number) => {
      const t = new Date(realNow().getTime() + offsetSeconds * 1000);
      clock.now = () => t;
    };
    /** A waiting Reversi match whose wait ends `seconds` from the real now. */
    const waitingFor = async (seconds: number) => {
      at(seconds - TTL);
      const m = await seats.create('reversi', ['ann', null]);
      clock.now = realNow;
      return m;
    };

    it('turns a waiting match nobody fills into aborted, through an event, when the clock passes its time', async () => {
      const m = await waitingFor(30);
      const expiry = h.app.get(ExpiryService);
      await expiry.sweep();
      expect((await h.client.get('reversi', m.id).expect(200)).body.status).toBe('waiting');

      at(31);
      expect(await expiry.sweep()).toBeGreaterThanOrEqual(1);
      const gone = await h.client.get('reversi', m.id).expect(200);
      expect(gone.body).toMatchObject({ status: 'aborted', version: 1, outcome: null, toMove: [] });
      const log = await h.client.log('reversi', m.id).expect(200);
      expect(log.body.entries).toEqual([{ seq: 1, seat: null, type: 'MatchAborted', at: expect.any(String) }]);
      const join = await seats.join('reversi', m.id, { name: 'late' });
      expect([join.status, join.body.code]).toEqual([409, 'GAME_OVER']);
      await expiry.sweep();
      expect(await h.db.eventCount(m.id)).toBe(1); // aborted once, whatever sweeps follow
      expect((await seats.lobbyAll('reversi', 'waiting')).map((x) => x.id)).not.toContain(m.id);
    });

    it('a join after the time, before any sweep, finds the match expired', async () => {
      const m = await waitingFor(30);
      at(31);
      const join = await seats.join('reversi', m.id, { name: 'late' });
      expect([join.status, join.body.code]).toEqual([409, 'GAME_OVER']);
      expect((await h.client.get('reversi', m.id).expect(200)).body.status).toBe('aborted');
    });

    it('never expires a match that filled in time', async () => {
      const m = await waitingFor(30);
      await seats.join('reversi', m.id, { name: 'bob' }).expect(200);
      at(31);
      await h.app.get(ExpiryService).sweep();
      expect((await h.client.get('reversi', m.id).expect(200)).body.status).toBe('active');
      expect(await h.db.eventCount(m.id)).toBe(1);
    });
  });
});
