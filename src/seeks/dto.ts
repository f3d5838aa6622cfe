import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsNumber, IsObject, IsOptional, Max, Min, ValidateNested } from 'class-validator';
import { TimeControlDto } from '../games/dto';

/** `POST /games/{game}/seeks` (docs/api.md "Matchmaking and arenas"). */
export class CreateSeekDto {
  @ApiPropertyOptional({
    type: TimeControlDto,
    description: "The match's time control, as in a match; seeks with another one never meet.",
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => TimeControlDto)
  timeControl?: TimeControlDto;

  @ApiPropertyOptional({
    enum: ['forfeit', 'random'],
    description: 'What a timeout does (with a timeControl); default forfeit.',
  })
  @IsOptional()
  @IsIn(['forfeit', 'random'])
  onTimeout?: 'forfeit' | 'random';

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: "The game's options (GET /games); seeks with other options never meet.",
  })
  @IsOptional()
  @IsObject()
  options?: Record<string, unknown>;

  @ApiPropertyOptional({ minimum: 2, maximum: 6, description: "The table size; default the game's minimum." })
  @IsOptional()
  @IsInt()
  @Min(2)
  @Max(6)
  seats?: number;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 10_000,
    description:
      'How far apart in rating a seeker may be at first; absent: 5. The range grows by this every 10 s of waiting.',
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(10_000)
  ratingRange?: number;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 3600,
    nullable: true,
    description:
      "Seat the seek against the game's strongest bot after this many seconds of waiting; null (default): never.",
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(3600)
  botAfterSeconds?: number | null;
}
