/**
 * What every paged or versioned request shares: the bound on a version (and so on a seq or a log cursor), and
 * the one cursor-and-limit query of the listings (the lobby, a player's matches).
 */
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';

/**
 * The largest version a request may name (an expected version, a log's or a stream's `after`, a Last-Event-ID):
 * below 2^31, so it fits the database's int, and the OpenAPI maximum of every such field.
 */
export const MAX_VERSION = 2_000_000_000;

/** A listing's page: the previous page's `nextCursor` and how many per page (1 to 200, default 50). */
export class CursorPageQueryDto {
  @ApiPropertyOptional({ description: 'The nextCursor of the previous page.' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  cursor?: string;

  // No `default` keyword in a request schema (it would make the field required in generated types): the
  // value taken when absent is in the description (test/typed-client.e2e-spec.ts).
  @ApiPropertyOptional({ minimum: 1, maximum: 200, description: 'How many per page; absent: 50.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;
}
