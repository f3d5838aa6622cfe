import type { Client } from './client';

/** Players, joins, rematches and listings, the way a client would call them. */
export class SeatsClient {
  constructor(private readonly client: Client) {}

  async player(name: string): Promise<{ id: string; name: string; key: string }> {
    const res = await this.client.http.post('/players').send({ name });
    if (res.status !== 201) throw new Error(`POST /players: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }

  /** Creates a match from entries `'name'` (a named seat) and `null` (an open seat). */
  async create(game: string, seats: (string | null)[], extra: Record<string, unknown> = {}) {
    const res = await this.client.http
      .post(`/games/${game}/matches`)
      .send({ players: seats.map((name) => (name === null ? { open: true } : { name })), ...extra });
    if (res.status !== 201) throw new Error(`create ${game}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: string; status: string; seats: { seat: number; name: string; token: string }[] } & Record<
      string,
      unknown
    >;
  }

  join(game: string, id: string, body: Record<string, unknown>, key?: string) {
    const r = this.client.http.post(`/games/${game}/matches/${id}/join`);
    if (key) r.set('Authorization', `Bearer ${key}`);
    return r.send(body);
  }

  rematch(game: string, id: string, token: string) {
    return this.client.http.post(`/games/${game}/matches/${id}/rematch`).set('Authorization', `Bearer ${token}`);
  }

  lobby(game: string, query = '') {
    return this.client.http.get(`/games/${game}/matches${query}`);
  }

  myMatches(key: string, query = '') {
    return this.client.http.get(`/players/me/matches${query}`).set('Authorization', `Bearer ${key}`);
  }

  /** Every page of the lobby, following nextCursor to the end. */
  async lobbyAll(game: string, status: string): Promise<{ id: string; openSeats: number[] }[]> {
    const out: { id: string; openSeats: number[] }[] = [];
    let cursor: string | null = null;
    do {
      const res = await this.lobby(game, `?status=${status}&limit=200${cursor ? `&cursor=${cursor}` : ''}`);
      if (res.status !== 200) throw new Error(`lobby: ${res.status} ${JSON.stringify(res.body)}`);
      out.push(...res.body.matches);
      cursor = res.body.nextCursor;
    } while (cursor !== null);
    return out;
  }
}
