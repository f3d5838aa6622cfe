import { useApp } from './support/harness';
import { SseClient, baseUrl } from './support/sse';

type Tile = { color: string; shape: string };

describe('stream tickets (POST /stream-tickets, ?ticket=)', () => {
  const h = useApp();
  let url: string;
  const open: SseClient[] = [];
  const stream = async (path: string): Promise<SseClient> => {
    const s = await SseClient.open(`${url}${path}`);
    open.push(s);
    return s;
  };
  const ticketFor = async (token: string | undefined): Promise<{ ticket: string; expiresAt: string }> => {
    const res = await h.client.http.post('/stream-tickets').set('Authorization', `Bearer ${token}`).expect(201);
    return res.body;
  };

  beforeAll(async () => {
    url = await baseUrl(h.app);
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });

  it('opens the stream of the seat it was issued for, once, with no secret in the URL', async () => {
    const { id, seats } = await h.client.create('qwirkle', ['a', 'b']);
    const before = Date.now();
    const { ticket, expiresAt } = await ticketFor(seats[1]?.token);
    expect(ticket).toMatch(/^tbt_[A-Za-z0-9_-]{43}$/);
    expect(ticket).not.toContain(seats[1]?.token as string);
    const life = new Date(expiresAt).getTime() - before;
    expect(life).toBeGreaterThan(55_000);
    expect(life).toBeLessThanOrEqual(61_000);

    const s = await stream(`/games/qwirkle/matches/${id}/events?after=0&ticket=${ticket}`);
    expect(s.status).toBe(200);
    expect(s.res.headers['content-type']).toMatch(/^text\/event-stream/);
    const opener = (await h.client.get('qwirkle', id, seats[0]?.token).expect(200)).body;
    const seat = opener.toMove[0] as number;
    const legal = await h.client.legal('qwirkle', id, seats[seat]?.token as string, '?limit=1').expect(200);
    await h.client.move('qwirkle', id, seats[seat]?.token, legal.body.moves[0], 0).expect(200);
    await s.untilEvents(1);
    // Seat 1's view, exactly what its token reads: its own hand, and nobody else's.
    const asSeat1 = (await h.client.get('qwirkle', id, seats[1]?.token).expect(200)).body;
    const asSeat0 = (await h.client.get('qwirkle', id, seats[0]?.token).expect(200)).body;
    const streamed = s.data[0]?.match as { you: number; view: { hand: Tile[] } };
    expect(streamed.you).toBe(1);
    expect(streamed.view.hand).toEqual(asSeat1.view.hand);
    expect(streamed.view.hand).not.toEqual(asSeat0.view.hand);

    // Used: a second stream, or EventSource's own reconnect with the same URL, is refused.
    const again = await h.client.http.get(`/games/qwirkle/matches/${id}/events?ticket=${ticket}`).expect(401);
    expect(again.body).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'ticket/unknown' });
  });

  it('refuses an expired, unknown or foreign ticket, and a ticket with a token', async () => {
    const { id, seats } = await h.client.create('reversi', ['a', 'b']);
    const other = await h.client.create('reversi', ['c', 'd']);
    const events = `/games/reversi/matches/${id}/events`;

    const stale = await ticketFor(seats[0]?.token);
    // 60 s later, as the database sees it (no waiting): the row's expiry moved into the past.
    await h.db.pool.query(
      `UPDATE "StreamTicket" SET "expiresAt" = now() - interval '1 second' WHERE "expiresAt" = $1`,
      [new Date(stale.expiresAt)],
    );
    const expired = await h.client.http.get(`${events}?ticket=${stale.ticket}`).expect(401);
    expect(expired.body).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'ticket/expired' });

    const unknown = await h.client.http.get(`${events}?ticket=tbt_${'A'.repeat(43)}`).expect(401);
    expect(unknown.body).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'ticket/unknown' });
    await h.client.http.get(`${events}?ticket=not-a-ticket`).expect(400);

    const foreign = await ticketFor(other.seats[0]?.token);
    const refused = await h.client.http.get(`${events}?ticket=${foreign.ticket}`).expect(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', reason: 'ticket/other-match' });

    const both = await ticketFor(seats[0]?.token);
    const mixed = await h.client.http
      .get(`${events}?ticket=${both.ticket}`)
      .set('Authorization', `Bearer ${seats[1]?.token}`)
      .expect(400);
    expect(mixed.body).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'ticket/with-token' });
    await h.client.http.get(`${events}?ticket=${both.ticket}&token=${seats[0]?.token}`).expect(400);
  });

  it('is issued only for a token the server knows, given as Bearer', async () => {
    await h.client.http.post('/stream-tickets').expect(401);
    await h.client.http.post('/stream-tickets').set('Authorization', 'Bearer nope').expect(401);
    await h.client.http
      .post('/stream-tickets')
      .set('Authorization', `Bearer tbp_${'x'.repeat(40)}`)
      .expect(401);
    expect(
      (
        await h.db.pool.query(
          `SELECT count(*)::int AS n FROM "StreamTicket" WHERE "credentialHash" = encode(sha256('nope'), 'hex')`,
        )
      ).rows[0].n,
    ).toBe(0);
  });

  it("a player key's ticket opens the player feed; a seat token's does not", async () => {
    const player = (await h.client.http.post('/players').send({ name: 'ticketed' }).expect(201)).body;
    const { ticket } = await ticketFor(player.key);
    const feed = await stream(`/players/me/events?ticket=${ticket}`);
    expect(feed.status).toBe(200);

    const { seats } = await h.client.create('reversi', ['a', 'b']);
    const seatTicket = await ticketFor(seats[0]?.token);
    const refused = await h.client.http.get(`/players/me/events?ticket=${seatTicket.ticket}`).expect(401);
    expect(refused.body).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'ticket/not-a-player' });
  });

  it('stores no token and no ticket, only their hashes', async () => {
    const { seats } = await h.client.create('reversi', ['a', 'b']);
    const { ticket } = await ticketFor(seats[0]?.token);
    const rows = (
      await h.db.pool.query(`SELECT * FROM "StreamTicket" WHERE "hash" = encode(sha256($1::bytea), 'hex')`, [ticket])
    ).rows;
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(ticket);
    expect(JSON.stringify(rows)).not.toContain(seats[0]?.token as string);
  });
});
