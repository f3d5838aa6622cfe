import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import type { Body } from './body';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a match as a spectator until `done` holds (or fails after `timeoutMs`); answers its last response. */
export async function waitForMatch(
  app: NestFastifyApplication,
  game: string,
  id: string,
  done: (m: Body) => boolean,
  timeoutMs = 50_000,
): Promise<Body> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await request(app.getHttpServer()).get(`/games/${game}/matches/${id}`);
    if (res.status === 200 && done(res.body)) return res.body;
    if (Date.now() > until)
      throw new Error(
        `match ${id} did not get there in time: ${JSON.stringify({ status: res.body.status, version: res.body.version })}`,
      );
    await sleep(25);
  }
}

export const finished = (m: Body): boolean => m.status === 'finished';

/** Polls a tournament until it is finished; answers its last response. */
export async function waitForTournament(app: NestFastifyApplication, id: string, timeoutMs = 100_000): Promise<Body> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await request(app.getHttpServer()).get(`/tournaments/${id}`);
    if (res.status !== 200) throw new Error(`GET /tournaments/${id}: ${res.status} ${JSON.stringify(res.body)}`);
    if (res.body.status === 'finished') return wholeTournament(app, id);
    if (Date.now() > until)
      throw new Error(`tournament ${id} did not finish in time: ${res.body.rounds.length} rounds`);
    await sleep(100);
  }
}

/** GET /tournaments/{id} with every page of its matches, its rounds put back together. */
export async function wholeTournament(app: NestFastifyApplication, id: string): Promise<Body> {
  const get = async (cursor: string | null): Promise<Body> => {
    const res = await request(app.getHttpServer())
      .get(`/tournaments/${id}`)
      .query({ limit: 200, ...(cursor === null ? {} : { cursor }) });
    if (res.status !== 200) throw new Error(`GET /tournaments/${id}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const first = await get(null);
  const rounds: Body[] = [...first.rounds];
  for (let page = first; page.nextCursor !== null;) {
    page = await get(page.nextCursor);
    for (const r of page.rounds) {
      const last = rounds[rounds.length - 1];
      if (last !== undefined && last.round === r.round) last.matches.push(...r.matches);
      else rounds.push(r);
    }
  }
  return { ...first, rounds, nextCursor: null };
}

/** Checks what must hold of any finished tournament's answer: every match scored, points consistent with the standings. */
export function expectConsistent(t: Body, entrants: string[], k = 2): void {
  const totals = new Map(entrants.map((e) => [e, 0]));
  const played = new Map(entrants.map((e) => [e, 0]));
  let matches = 0;
  for (const round of t.rounds) {
    const seated = round.matches.flatMap((m: { seats: string[] }) => m.seats);
    expect(new Set(seated).size).toBe(seated.length); // nobody twice in a round
    for (const m of round.matches) {
      matches++;
      expect(m.seats).toHaveLength(k);
      expect(m.points).toHaveLength(k);
      expect((m.points as number[]).reduce((a, b) => a + b, 0)).toBeCloseTo(1);
      m.seats.forEach((name: string, seat: number) => {
        totals.set(name, (totals.get(name) ?? 0) + m.points[seat]);
        played.set(name, (played.get(name) ?? 0) + 1);
      });
    }
  }
  expect(t.standings.map((s: { name: string }) => s.name).sort()).toEqual([...entrants].sort());
  for (const s of t.standings) {
    expect(s.points).toBeCloseTo(totals.get(s.name) as number);
    expect(s.played).toBe(played.get(s.name));
  }
  const points = t.standings.map((s: { points: number }) => s.points);
  expect(points).toEqual([...points].sort((a: number, b: number) => b - a));
  expect(points.reduce((a: number, b: number) => a + b, 0)).toBeCloseTo(matches);
}
