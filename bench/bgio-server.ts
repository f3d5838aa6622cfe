/**
 * Child process: boardgame.io 0.50.2 serving one small game in memory, REST (Koa) and socket.io on one port
 * at 127.0.0.1. Started by bench/boardgameio.ts with the cache folder that holds boardgame.io (never one of
 * the project's dependencies) as its argument; prints `listening <port>` when ready.
 *
 * The game, `fill`: two players take turns placing a mark on the first free cell of 64; a full board is
 * cleared and play goes on, so a match never ends and the bench's 32 matches last the whole run. It is
 * smaller than a Reversi move on purpose: the peer is measured doing less work per move than we do.
 */
import { createRequire } from 'node:module';
import type { AddressInfo, Server as NetServer } from 'node:net';
import { join } from 'node:path';

const cacheDir = process.argv[2];
if (!cacheDir) throw new Error('usage: bgio-server <cache folder holding node_modules/boardgame.io>');
const load = createRequire(join(cacheDir, 'package.json'));
/** The part of boardgame.io's server used here (it is loaded from the cache folder, so it brings no types). */
interface BgioServer {
  app: { listen: (port: number, cb: () => void) => NetServer; server: NetServer };
  run(port: number): Promise<unknown>;
}
const { Server } = load('boardgame.io/server') as {
  Server: (opts: { games: unknown[]; origins: string[] }) => BgioServer;
};
const { INVALID_MOVE } = load('boardgame.io/core') as { INVALID_MOVE: string };

interface FillG {
  cells: (string | null)[];
  rounds: number;
}

export const FILL_GAME = {
  name: 'fill',
  minPlayers: 2,
  maxPlayers: 2,
  setup: (): FillG => ({ cells: Array<string | null>(64).fill(null), rounds: 0 }),
  turn: { minMoves: 1, maxMoves: 1 },
  moves: {
    place: ({ G, playerID }: { G: FillG; playerID: string }, cell: number): unknown => {
      if (!Number.isInteger(cell) || G.cells[cell] !== null) return INVALID_MOVE;
      G.cells[cell] = playerID;
      if (G.cells.every((c) => c !== null)) {
        G.cells = Array<string | null>(64).fill(null);
        G.rounds++;
      }
      return undefined;
    },
  },
};

async function main(): Promise<void> {
  const server = Server({ games: [FILL_GAME], origins: [] });
  // koa-socket-2 made `app.listen` call `app.server.listen`: bind it to loopback only, on a free port.
  server.app.listen = (_port: number, cb: () => void) => server.app.server.listen(0, '127.0.0.1', cb);
  await server.run(0);
  process.stdout.write(`listening ${(server.app.server.address() as AddressInfo).port}\n`);
  const stop = (): void => {
    server.app.server.close();
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
