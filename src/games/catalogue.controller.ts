import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { GAMES } from './games';

export interface CatalogueEntry {
  id: string;
  title: string;
  rulesVersion: number;
  seats: { min: number; max: number };
  options: { name: string; type: string; default: unknown; description: string; minimum?: number; maximum?: number; enum?: readonly string[] }[];
}

@ApiTags('games')
@Controller('games')
export class CatalogueController {
  @Get()
  @ApiOperation({ summary: 'The catalogue: each game\'s id, seat range, options with defaults, rules version' })
  @ApiOkResponse({
    schema: {
      type: 'object',
      properties: {
        games: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' }, title: { type: 'string' }, rulesVersion: { type: 'integer' },
              seats: { type: 'object', properties: { min: { type: 'integer' }, max: { type: 'integer' } } },
              options: { type: 'array', items: { type: 'object' } },
            },
          },
        },
      },
    },
  })
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
