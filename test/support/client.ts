import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Pool } from 'pg';
import request from 'supertest';

export interface CreatedSeat {
  seat: number;
  name: string;
  token: string;
}

/** A thin supertest wrapper that speaks the API the way a client would. */
export class Client {
  constructor(readonly app: NestFastifyApplication) {}

  get http() {
    return request(this.app.getHttpServer());
  }

  async create(
    game: string,
    names: string[],
    options?: unknown,
  ): Promise<{ id: string; seats: CreatedSeat[]; body: Record<string, unknown> }> {
    const res = await this.http
      .post(`/games/${game}/matches`)
      .send({ players: names.map((name) => ({ name })), ...(options === undefined ? {} : { options }) });
    if (res.status !== 201) throw new Error(`create ${game}: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.id, seats: res.body.seats, body: res.body };
  }

  get(game: string, id: string, token?: string) {
    const r = this.http.get(`/games/${game}/matches/${id}`);
    return token ? r.set('Authorization', `Bearer ${token}`) : r;
  }

  move(game: string, id: string, token: string | undefined, move: unknown, expectedVersion?: number) {
    const r = this.http.post(`/games/${game}/matches/${id}/moves`);
    if (token) r.set('Authorization', `Bearer ${token}`);
    return r.send(expectedVersion === undefined ? { move } : { move, expectedVersion });
  }

  log(game: string, id: string, token?: string, query = '') {
    const r = this.http.get(`/games/${game}/matches/${id}/moves${query}`);
    return token ? r.set('Authorization', `Bearer ${token}`) : r;
  }

  legal(game: string, id: string, token: string, query = '') {
    return this.http.get(`/games/${game}/matches/${id}/legal-moves${query}`).set('Authorization', `Bearer ${token}`);
  }
}

/** Direct reads of the store, to check what was (not) written. */
export class Db {
  readonly pool: Pool;

  /** A reader of the test database, or of `url` (a scratch database). */
  constructor(url = process.env.DATABASE_URL) {
    this.pool = new Pool({ connectionString: url, max: 2 });
    this.pool.on('error', () => undefined); // an idle reader's connection ended by the server is not a test failure; its queries still report theirs
  }

  async eventCount(matchId: string): Promise<number> {
    const r = await this.pool.query('SELECT count(*)::int AS n FROM "MatchEvent" WHERE "matchId" = $1', [matchId]);
    return r.rows[0].n as number;
  }

  async version(matchId: string): Promise<number> {
    const r = await this.pool.query('SELECT "version" FROM "Match" WHERE "id" = $1', [matchId]);
    return r.rows[0].version as number;
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
