import { Controller, Get, HttpException, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { respond } from '../common/openapi';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';
import { ApiError } from '../common/api-error';
import type { Database } from '../store/database';
import { type UnavailableReason, classifyDatabaseError } from '../store/db-unavailable';
import { DATABASE } from '../store/store.module';

const indicators = {
  type: 'object',
  additionalProperties: { type: 'object', required: ['status'], properties: { status: { type: 'string' } } },
};
/** Terminus's health report. */
const HEALTH = {
  type: 'object',
  required: ['status'],
  properties: {
    status: { type: 'string', enum: ['ok', 'error', 'shutting_down'] },
    info: indicators,
    error: indicators,
    details: indicators,
  },
};

const LIVE = {
  type: 'object',
  additionalProperties: false,
  required: ['status'],
  properties: { status: { type: 'string', enum: ['ok'] } },
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

  /**
   * Liveness: the process serves. No database: an orchestrator restarting instances because the database is
   * down would only add restarts to a failover (the Dockerfile's HEALTHCHECK uses this).
   */
  @Get('live')
  @respond([{ status: 200, description: 'The process serves.', schema: LIVE }], { limited: false })
  live() {
    return { status: 'ok' };
  }

  /**
   * Readiness: the database takes writes (reachable, and a primary: not in recovery). `SELECT 1` is not enough:
   * issue 28 saw /health stay 200 while every write failed on a read-only node. 503 SERVICE_UNAVAILABLE with
   * reason database/unavailable or database/read-only, and terminus's report as `details`, when it does not.
   */
  @Get('ready')
  @HealthCheck({ swaggerDocumentation: false }) // declared below, in the one error format
  @respond([{ status: 200, description: 'The database takes writes.', schema: HEALTH }], {
    limited: false,
    errors: [503],
  })
  ready() {
    return this.readiness();
  }

  /** The old name of /health/ready, kept. */
  @Get()
  @HealthCheck({ swaggerDocumentation: false })
  @respond([{ status: 200, description: 'The database takes writes (as /health/ready).', schema: HEALTH }], {
    limited: false,
    errors: [503],
  })
  check() {
    return this.readiness();
  }

  private async readiness() {
    let reason: UnavailableReason = 'database/unavailable';
    try {
      return await this.health.check([
        async () => {
          const indicator = this.indicators.check('database');
          try {
            const rows = await withTimeout(
              this.db.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r'),
              PROBE_TIMEOUT_MS,
            );
            if (rows[0]?.r) {
              reason = 'database/read-only';
              return indicator.down({
                kind: this.db.kind,
                message: 'the database is a read-only standby (in recovery)',
              });
            }
            return indicator.up({ kind: this.db.kind });
          } catch (error) {
            reason = classifyDatabaseError(error)?.reason ?? 'database/unavailable';
            return indicator.down({ kind: this.db.kind, message: (error as Error).message });
          }
        },
      ]);
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === 503) {
        throw new ApiError('SERVICE_UNAVAILABLE', 'The database does not take writes.', reason, error.getResponse());
      }
      throw error;
    }
  }
}
