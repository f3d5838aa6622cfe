import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { TimeControlDto } from '../games/dto';

/** One entrant: `{ name, bot }` (a built-in bot), `{ name, url }` (an HTTP bot) or `{ player }` (a player, by id). */
export class EntrantDto {
  @ApiPropertyOptional({
    example: 'alpha',
    description:
      "1–40 printable characters, unique in the tournament. Required for bots; a player enters under the player's name.",
  })
  @IsOptional()
  @IsString()
  @Length(1, 40)
  @Matches(/^[^\p{C}]+$/u, { message: 'name must not contain control characters' })
  name?: string;

  @ApiPropertyOptional({ example: 'greedy', description: 'A built-in bot (GET /games/{game}/bots).' })
  @IsOptional()
  @IsString()
  @Length(1, 40)
  bot?: string;

  @ApiPropertyOptional({
    example: 'https://bots.example.com/turn',
    description:
      'An HTTP bot: each of its turns is posted here, signed with its webhookSecret (its own, or the one of the create response).',
  })
  @IsOptional()
  @IsString()
  @Length(1, 2000)
  url?: string;

  @ApiPropertyOptional({
    example: 'whsec_MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=',
    description:
      'An HTTP bot only: its own secret, "whsec_" and the base64 of 24 to 64 random bytes, that signs its requests. ' +
      'Given, the create response does not repeat it; absent, the server makes one and answers it once.',
  })
  @IsOptional()
  webhookSecret?: unknown;

  @ApiPropertyOptional({
    description:
      "A player's id: the player plays with its player key (and its player feed). A player enters only itself: the request carries its key.",
  })
  @IsOptional()
  @IsUUID()
  player?: string;
}

export class CreateTournamentDto {
  @ApiProperty({ example: 'reversi' })
  @IsString()
  @Length(1, 40)
  game!: string;

  @ApiProperty({ enum: ['round-robin', 'swiss', 'arena'] })
  @IsIn(['round-robin', 'swiss', 'arena'])
  format!: 'round-robin' | 'swiss' | 'arena';

  @ApiPropertyOptional({
    minimum: 1,
    maximum: 1440,
    description: 'Arenas (required there, refused elsewhere): how many minutes free entrants are paired again.',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1440)
  minutes?: number;

  @ApiPropertyOptional({
    minimum: 1,
    maximum: 50,
    description:
      'Swiss: the number of rounds (default: ceil(log2 entrants)). Round robin: how many times every pair (or table) meets (default 1).',
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(50)
  rounds?: number;

  @ApiPropertyOptional({ minimum: 2, maximum: 6, description: "Seats per match (default: the game's fewest)." })
  @IsOptional()
  @IsInt()
  @Min(2)
  @Max(6)
  seatsPerMatch?: number;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Game options for every match.' })
  @IsOptional()
  @IsObject()
  options?: Record<string, unknown>;

  @ApiPropertyOptional({ type: TimeControlDto, description: 'A clock for every match.' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => TimeControlDto)
  timeControl?: TimeControlDto;

  @ApiPropertyOptional({
    enum: ['forfeit', 'random'],
    default: 'forfeit',
    description: 'What a timeout does (a late, failed or illegal answer of an HTTP bot is one).',
  })
  @IsOptional()
  @IsIn(['forfeit', 'random'])
  onTimeout?: 'forfeit' | 'random';

  @ApiPropertyOptional({
    minimum: 1,
    maximum: 60_000,
    description:
      "How long an HTTP bot of this tournament may take for a turn, in ms (default BOT_HTTP_TIMEOUT_MS); never past the clock's deadline.",
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(60_000)
  botTimeoutMs?: number;

  @ApiPropertyOptional({
    format: 'date-time',
    example: '2026-06-01T18:00:00Z',
    description:
      'When the first round is created (ISO 8601, with its zone); now when absent. Until then no match, clock or bot turn of the tournament runs, and its status is upcoming.',
  })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  startsAt?: string;

  @ApiProperty({ type: [EntrantDto] })
  @IsArray()
  @ArrayMinSize(2)
  @ArrayMaxSize(64)
  @ValidateNested({ each: true })
  @Type(() => EntrantDto)
  entrants!: EntrantDto[];
}
