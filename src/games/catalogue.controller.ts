import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { GAMES } from './games';
import { ref, respond } from '../common/openapi';

export interface CatalogueEntry {
  id: string;
  title: string;
  rulesVersion: number;
  seats: { min: number; max: number };
  options: {
    name: string;
    type: string;
    default: unknown;
    description: string;
    minimum?: number;
    maximum?: number;
    enum?: readonly string[];
  }[];
}

@ApiTags('games')
@Controller('games')
export class CatalogueController {
  @Get()
  @ApiOperation({ summary: "The catalogue: each game's id, seat range, options with defaults, rules version" })
  @respond([{ status: 200, description: 'Every game the server hosts.', schema: ref('Catalogue') }])
  list(): { games: CatalogueEntry[] } {
    return {
      games: GAMES.map(({ engine, title }) => ({
        id: engine.id,
        title,
        rulesVersion: engine.rulesVersion,
        seats: { ...engine.seats },
        options: engine.options.map((o) => ({ ...o })),
      })),
    };
  }
}
