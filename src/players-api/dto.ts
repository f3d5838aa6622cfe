import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { PLAYER_NAME_PATTERN } from '../games/dto';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';

export class CreatePlayerDto {
  @ApiProperty({ example: 'ann', description: '1–40 printable characters.' })
  @IsString()
  @Length(1, 40)
  @Matches(new RegExp(PLAYER_NAME_PATTERN, 'u'), { message: 'name must not contain control characters' })
  name!: string;
}

export class PlayerMatchesQueryDto {
  @ApiPropertyOptional({ description: 'true: only matches where one of this player\'s seats is to move; false: only the others.' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  toMove?: boolean;

  @ApiPropertyOptional({ enum: ['waiting', 'active', 'finished', 'aborted'] })
  @IsOptional()
  @IsIn(['waiting', 'active', 'finished', 'aborted'])
  status?: 'waiting' | 'active' | 'finished' | 'aborted';

  @ApiPropertyOptional({ description: 'The nextCursor of the previous page.' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  cursor?: string;

  @ApiPropertyOptional({ default: 50, minimum: 1, maximum: 200 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;
}
