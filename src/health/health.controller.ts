import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { respond } from '../games/openapi';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';
import type { Database } from '../store/database';
import { DATABASE } from '../store/store.module';

const indicators = { type: 'object', additionalProperties: { type: 'object', required: ['status'], properties: { status: { type: 'string' } } } };
/** Terminus's health report. */
const HEALTH = {
  type: 'object', required: ['status'],
  properties: { status: { type: 'string', enum: ['ok', 'error', 'shutting_down'] }, info: indicators, error: indicators, details: indicators },
};

/** A database that does not answer within this is reported down (a pool waiting to connect would never). */
const PROBE_TIMEOUT_MS = 3000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

@ApiTags('health')
@SkipThrottle()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /** 200 when the database answers; 503 SERVICE_UNAVAILABLE, with terminus's report as `details`, when it does not. */
  @Get()
  @HealthCheck({ swaggerDocumentation: false }) // declared below, in the one error format
  @respond([{ status: 200, description: 'The database answers.', schema: HEALTH }], { limited: false, errors: [503] })
  check() {
    return this.health.check([
      async () => {
        const indicator = this.indicators.check('database');
        try {
          await withTimeout(this.db.query('SELECT 1'), PROBE_TIMEOUT_MS);
          return indicator.up({ kind: this.db.kind });
        } catch (error) {
          return indicator.down({ kind: this.db.kind, message: (error as Error).message });
        }
      },
    ]);
  }
}
