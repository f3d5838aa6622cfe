import { Controller, Get, Inject } from '@nestjs/common';
import { ApiResponse, ApiTags } from '@nestjs/swagger';
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

@ApiTags('health')
@SkipThrottle()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  /** 200 when the database answers, 503 when it does not. */
  @Get()
  @HealthCheck()
  @respond([{ status: 200, description: 'The database answers.', schema: HEALTH }], { limited: false })
  @ApiResponse({ status: 503, description: 'The database does not answer.', schema: HEALTH })
  check() {
    return this.health.check([
      async () => {
        const indicator = this.indicators.check('database');
        try {
          await this.db.query('SELECT 1');
          return indicator.up({ kind: this.db.kind });
        } catch (error) {
          return indicator.down({ kind: this.db.kind, message: (error as Error).message });
        }
      },
    ]);
  }
}
