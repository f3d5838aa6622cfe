import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createApp } from '../../src/app';
import { CLOCK, type Clock } from '../../src/common/clock';
import { type AppConfig, configFromEnv } from '../../src/common/config';

/**
 * The real app on the test database with config overrides and a clock the test moves. By default its
 * background work is off (the test sweeps and dispatches by hand); `offsetMs` shifts its clock from the real
 * one before start-up (as a server started later would see it).
 */
export async function startTimedApp(
  overrides: Partial<AppConfig> = {},
  offsetMs = 0,
): Promise<{ app: NestFastifyApplication; clock: TestClock }> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: the e2e tests need the global setup');
  const config: AppConfig = {
    ...configFromEnv(),
    databaseUrl: url,
    poolSize: 10,
    rateLimitPerMinute: 0,
    fixedSeed: 'turnbase-e2e',
    clockSweepMs: 0,
    webhookPollMs: 0,
    expirySweepSeconds: 0,
    botSweepMs: 0,
    tournamentSweepMs: 0,
    ratingsSweepMs: 0,
    seekSweepMs: 0,
    ...overrides,
  };
  const app = await createApp(config, ['error']);
  const clock = new TestClock(app.get<Clock>(CLOCK), offsetMs);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  return { app, clock };
}

/** Moves the app's injected clock: `advance` forwards it; the real time flows underneath unless frozen. */
export class TestClock {
  private readonly realNow: () => Date;
  private frozen: number | null = null;

  constructor(
    private readonly clock: Clock,
    private offsetMs: number,
  ) {
    this.realNow = clock.now.bind(clock);
    clock.now = () => new Date(this.frozen ?? this.realNow().getTime() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
    if (this.frozen !== null) this.frozen += ms;
  }

  /** Stops the clock where it is (until `thaw`), so times can be checked to the millisecond. */
  freeze(): void {
    this.frozen = this.now().getTime();
  }

  thaw(): void {
    if (this.frozen !== null) this.offsetMs = this.frozen - this.realNow().getTime();
    this.frozen = null;
  }

  /** How far this clock is ahead of the real one. */
  get ahead(): number {
    return this.now().getTime() - this.realNow().getTime();
  }

  now(): Date {
    return this.clock.now();
  }
}
