import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';
import type { Database } from '../store/database';
import { DATABASE } from '../store/store.module';

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
