import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { ApiError } from '../common/api-error';
import { GAMES } from '../games/games';

/**
 * Where `npm run build` puts the pages (Vite's output, web/ → dist/public). TURNBASE_PUBLIC_DIR points
 * elsewhere, which the browser tests use for a build of their own.
 */
export function publicDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.TURNBASE_PUBLIC_DIR ?? join(__dirname, '..', 'public');
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};
// Vite names its assets `name-hash.ext`: a plain file name, so no path can leave the assets folder.
const ASSET = /^[\w.-]{1,200}$/;
const GAME_IDS = new Set(GAMES.map((g) => g.engine.id));
// The pages load only their own scripts and styles and talk only to this server.
const CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

/** The lobby, the match page and the arena page: static files of the Vite build, served by the API's own server. */
@ApiExcludeController()
@Controller()
export class PagesController {
  private readonly root = publicDir();

  @Get()
  @Header('Cache-Control', 'no-cache')
  @Header('Content-Security-Policy', CSP)
  lobby(@Res() reply: FastifyReply): Promise<void> {
    return this.page(reply, 'index.html');
  }

  @Get('play/:game/:id')
  @Header('Cache-Control', 'no-cache')
  @Header('Content-Security-Policy', CSP)
  play(@Param('game') game: string, @Res() reply: FastifyReply): Promise<void> {
    if (!GAME_IDS.has(game)) throw new ApiError('NOT_FOUND', `No game ${game.slice(0, 40)} here.`);
    return this.page(reply, 'play.html');
  }

  /** A tournament's live standings and running matches (any format; made for arenas, which never pause). */
  @Get('arena/:id')
  @Header('Cache-Control', 'no-cache')
  @Header('Content-Security-Policy', CSP)
  arena(@Res() reply: FastifyReply): Promise<void> {
    return this.page(reply, 'arena.html');
  }

  @Get('assets/:file')
  async asset(@Param('file') file: string, @Res() reply: FastifyReply): Promise<void> {
    const type = TYPES[extname(file)];
    if (!ASSET.test(file) || file.startsWith('.') || !type) throw new ApiError('NOT_FOUND', 'No such asset.');
    const body = await readFile(join(this.root, 'assets', file)).catch(() => null);
    if (!body) throw new ApiError('NOT_FOUND', 'No such asset.');
    // Hashed names change with their content, so a browser may keep each one for good.
    await reply.header('Content-Type', type).header('Cache-Control', 'public, max-age=31536000, immutable').send(body);
  }

  private async page(reply: FastifyReply, name: string): Promise<void> {
    const html = await readFile(join(this.root, name)).catch(() => null);
    if (!html) throw new ApiError('NOT_FOUND', 'The pages are not built: run `npm run build` (or `npm start`).');
    await reply.header('Content-Type', 'text/html; charset=utf-8').send(html);
  }
}
