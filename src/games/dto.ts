import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  Equals,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { CURSOR_PATTERN } from '../matches/cursor';
import { CursorPageQueryDto, MAX_VERSION } from '../common/paging';

/** A player's name: 1–40 characters, none of them a control character (also the spec's pattern). */
export const PLAYER_NAME_PATTERN = '^[^\\p{C}]+$';

/**
 * A seat: `{ "name" }` (a seat with its own token), `{ "open": true }` (an open seat, filled by a join) or
 * `{ "bot": "greedy" }` (a server-side bot plays it; GET /games/{game}/bots lists them).
 */
export class PlayerDto {
  @ApiPropertyOptional({
    example: 'ann',
    description:
      "1–40 printable characters. Required unless the seat is open or a bot's (a bot seat is named after its bot).",
  })
  @ValidateIf((o: PlayerDto) => o.open !== true && (o.bot === undefined || o.name !== undefined))
  @IsString()
  @Length(1, 40)
  @Matches(new RegExp(PLAYER_NAME_PATTERN, 'u'), { message: 'name must not contain control characters' })
  name?: string;

  @ApiPropertyOptional({ enum: [true], description: 'An open seat: the match waits until someone joins it.' })
  @IsOptional()
  @Equals(true)
  open?: true;

  @ApiPropertyOptional({
    example: 'greedy',
    description: 'A server-side bot plays this seat: one of GET /games/{game}/bots.',
  })
  @IsOptional()
  @IsString()
  @Length(1, 40)
  bot?: string;
}

/** A clock (docs/api.md "Clocks"): `{ perMoveSeconds }` or `{ initialSeconds, incrementSeconds }`. */
export class TimeControlDto {
  @ApiPropertyOptional({
    example: 86400,
    minimum: 1,
    maximum: 31_536_000,
    description: 'Correspondence: each move within this many seconds.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(31_536_000)
  perMoveSeconds?: number;

  @ApiPropertyOptional({
    example: 300,
    minimum: 1,
    maximum: 31_536_000,
    description: 'A clock per seat: the time each seat starts with.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(31_536_000)
  initialSeconds?: number;

  @ApiPropertyOptional({
    example: 5,
    minimum: 0,
    maximum: 86_400,
    description: "Added to a seat's clock after each of its moves (Fischer); absent: 0.",
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(86_400)
  incrementSeconds?: number;
}

export class WebhookDto {
  @ApiProperty({
    example: 'https://example.com/turnbase',
    description: 'https:// (http:// and private addresses only with WEBHOOK_ALLOW_PRIVATE=1).',
  })
  @IsString()
  @Length(1, 2000)
  url!: string;
}

export class CreateMatchDto {
  @ApiProperty({ type: [PlayerDto], description: 'One entry per seat, in seat order (seat 0 first).' })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(16)
  @ValidateNested({ each: true })
  @Type(() => PlayerDto)
  players!: PlayerDto[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: "Game options; see GET /games for each game's options and defaults.",
  })
  @IsOptional()
  @IsObject()
  options?: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'Keeps the match out of the lobby (GET /games/{game}/matches); absent: false.' })
  @IsOptional()
  @IsBoolean()
  unlisted?: boolean;

  @ApiPropertyOptional({ type: TimeControlDto, description: 'A clock; it starts when the match becomes active.' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => TimeControlDto)
  timeControl?: TimeControlDto;

  @ApiPropertyOptional({
    enum: ['forfeit', 'random'],
    description:
      'forfeit (when absent): the seat loses (in 3+ seats it leaves and the others play on); random: the server plays a random legal move for it.',
  })
  @IsOptional()
  @IsIn(['forfeit', 'random'])
  onTimeout?: 'forfeit' | 'random';

  @ApiPropertyOptional({
    type: [WebhookDto],
    description: 'URLs that hear about each event of the match, signed with the webhookSecret of the response.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @ValidateNested({ each: true })
  @Type(() => WebhookDto)
  webhooks?: WebhookDto[];
}

export class JoinDto {
  @ApiPropertyOptional({
    example: 'greedy',
    description:
      'Seat a server-side bot (one of GET /games/{game}/bots) instead of the caller. The answer has the seat and no token: only the server plays it.',
  })
  @IsOptional()
  @IsString()
  @Length(1, 40)
  bot?: string;

  @ApiPropertyOptional({
    example: 'bob',
    description: "1–40 printable characters. Optional with a player key (the player's name is used).",
  })
  @IsOptional()
  @IsString()
  @Length(1, 40)
  @Matches(new RegExp(PLAYER_NAME_PATTERN, 'u'), { message: 'name must not contain control characters' })
  name?: string;

  @ApiPropertyOptional({ example: 1, description: 'The seat to take; the first open one when absent.' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(15)
  seat?: number;
}

class ListFilterDto {
  @ApiPropertyOptional({
    enum: ['waiting', 'active', 'finished'],
    description: 'Which matches to list; absent: waiting.',
  })
  @IsOptional()
  @IsIn(['waiting', 'active', 'finished'])
  status?: 'waiting' | 'active' | 'finished';
}

export class ListQueryDto extends IntersectionType(ListFilterDto, CursorPageQueryDto) {}

export class MoveDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: "The move, in the game's wire format." })
  @IsObject()
  move!: Record<string, unknown>;

  @ApiPropertyOptional({
    example: 0,
    description: 'The match version the move was decided on. Required unless If-Match is sent.',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_VERSION)
  expectedVersion?: number;
}

export class ResignDto {
  @ApiPropertyOptional({ description: 'When given, the resignation is refused if the match has moved on.' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_VERSION)
  expectedVersion?: number;
}

export class LogQueryDto {
  @ApiPropertyOptional({ description: 'Only entries with seq greater than this (a cursor); absent: 0.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_VERSION)
  after?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 1000, description: 'How many entries at most; absent: 100.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;

  @ApiPropertyOptional({
    description:
      'Long-poll: with no entry after `after` yet, wait up to this many seconds (more than 60 counts as 60) for one; an empty page at the end of the wait.',
    minimum: 0,
  })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(MAX_VERSION)
  wait?: number;
}

export class LegalMovesQueryDto {
  @ApiPropertyOptional({
    description: 'The nextCursor of the previous page (it names its version: "7:200").',
    pattern: CURSOR_PATTERN,
  })
  @IsOptional()
  @Matches(new RegExp(CURSOR_PATTERN), { message: 'cursor must be a nextCursor value' })
  cursor?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 1000, description: 'How many moves per page; absent: 200.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  limit?: number;
}
