import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { CursorPageQueryDto } from '../common/paging';
import { PLAYER_NAME_PATTERN } from '../games/dto';
import { IsBoolean, IsIn, IsOptional, IsString, Length, Matches } from 'class-validator';

export class CreatePlayerDto {
  @ApiProperty({ example: 'ann', description: '1–40 printable characters.' })
  @IsString()
  @Length(1, 40)
  @Matches(new RegExp(PLAYER_NAME_PATTERN, 'u'), { message: 'name must not contain control characters' })
  name!: string;
}

class PlayerMatchesFilterDto {
  @ApiPropertyOptional({
    description: "true: only matches where one of this player's seats is to move; false: only the others.",
  })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean()
  toMove?: boolean;

  @ApiPropertyOptional({ enum: ['waiting', 'active', 'finished', 'aborted'] })
  @IsOptional()
  @IsIn(['waiting', 'active', 'finished', 'aborted'])
  status?: 'waiting' | 'active' | 'finished' | 'aborted';
}

export class PlayerMatchesQueryDto extends IntersectionType(PlayerMatchesFilterDto, CursorPageQueryDto) {}
