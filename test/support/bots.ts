import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls a match as a spectator until `done` holds (or fails after `timeoutMs`); answers its last response. */
export async function waitForMatch(
  app: NestFastifyApplication, game: string, id: string, done: (m: Record<string, any>) => boolean, timeoutMs = 50_000,
): Promise<Record<string, any>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await request(app.getHttpServer()).get(`/games/${game}/matches/${id}`);
    if (res.status === 200 && done(res.body)) return res.body;
    if (Date.now() > until) throw new Error(`match ${id} did not get there in time: ${JSON.stringify({ status: res.body.status, version: res.body.version })}`);
    await sleep(25);
  }
}

export const finished = (m: Record<string, any>): boolean => m.status === 'finished';
