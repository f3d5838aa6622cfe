import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { newSecret, playMatch, secretProblem, serveHttpBot } from '../examples/gtp-bridge';
import { expectConsistent, waitForTournament } from './support/bots';
import { gtpRhino, requireGtpRhino } from './support/gtp';
import { scratchDatabase } from './support/scratch-db';
import { startTimedApp } from './support/timed-app';

/**
 * The GTP bridge of examples/ seats a real engine, Debian's GRhino, as a turnbase player: through the API (a
 * match against a built-in bot, followed by long-poll) and as an HTTP bot in a tournament. The bridge compares
 * the engine's `showboard` with the server's board after every move it relays or makes; here every comparison
 * agrees, no engine move is refused, and the final boards are the same.
 */
describe('the GTP bridge, with GRhino', () => {
  let app: NestFastifyApplication;
  let baseUrl: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    requireGtpRhino();
    // A database of its own: other test files' bot runners (which may not reach private addresses) must not
    // take this tournament's HTTP-bot turns.
    const scratch = await scratchDatabase('turnbase_gtp_bridge');
    drop = () => scratch.drop();
    ({ app } = await startTimedApp({
      databaseUrl: scratch.url,
      webhookAllowPrivate: true,
      botHttpTimeoutMs: 10_000,
      botSweepMs: 20,
      clockSweepMs: 200,
      tournamentSweepMs: 100,
    }));
    await app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('plays whole matches through the API against built-in bots, as black and as white: every board agrees, no move is refused', async () => {
    for (const [colour, vs] of [
      ['black', 'greedy'],
      ['white', 'alphabeta'],
    ] as const) {
      const lines: object[] = [];
      const result = await playMatch({
        server: baseUrl,
        engine: gtpRhino(2),
        vs,
        colour,
        name: 'grhino',
        log: (l) => lines.push(l),
      });
      expect(result.seat).toBe(colour === 'black' ? 0 : 1);
      expect(result.match.status).toBe('finished');
      expect(result.stats).toMatchObject({ disagreements: 0, refused: 0, resyncs: 0 });
      // One comparison per own move and per wake-up on the opponent's moves, at least.
      expect(result.stats.checks).toBeGreaterThanOrEqual(result.moveMs.length);
      expect(result.engineBoard).toEqual(result.match.view.board);

      const log = await request(app.getHttpServer())
        .get(`/games/reversi/matches/${result.matchId}/moves?limit=200`)
        .expect(200);
      const moves = (log.body.entries as { seat: number; type: string }[]).filter((e) => e.type === 'MoveMade');
      expect(moves.filter((e) => e.seat === result.seat)).toHaveLength(result.moveMs.length);
      expect(lines.filter((l) => (l as { event: string }).event === 'move')).toHaveLength(result.moveMs.length);
      const { black, white } = result.match.view.board
        .join('')
        .split('')
        .reduce((n, c) => ({ black: n.black + (c === 'B' ? 1 : 0), white: n.white + (c === 'W' ? 1 : 0) }), {
          black: 0,
          white: 0,
        });
      expect(result.match.outcome?.scores).toEqual([black, white]);
    }
  }, 60_000);

  it('plays a small tournament as a signed HTTP bot, one engine per match: every board agrees, and the final boards', async () => {
    // The caller's own secret: the bridge has it before the tournament exists, and the server signs with it.
    const secret = newSecret();
    expect(secretProblem(secret)).toBeNull();
    await expect(serveHttpBot({ server: baseUrl, engine: gtpRhino(2), secret: 'whsec_c2hvcnQ=' })).rejects.toThrow(
      /5 bytes/,
    );
    const bridge = await serveHttpBot({ server: baseUrl, engine: gtpRhino(2), secret });
    try {
      const entrants = [
        { name: 'grhino', url: `${bridge.url}/turn`, webhookSecret: secret },
        { name: 'greedy', bot: 'greedy' },
      ];
      const created = await request(app.getHttpServer())
        .post('/tournaments')
        .send({ game: 'reversi', format: 'round-robin', rounds: 2, entrants })
        .expect(201);
      expect(JSON.stringify(created.body)).not.toContain('whsec_');
      const t = await waitForTournament(app, created.body.id, 50_000);
      expectConsistent(
        t,
        entrants.map((e) => e.name),
      );
      const matches = t.rounds.flatMap((r: { matches: { id: string; seats: string[] }[] }) => r.matches);
      expect(matches).toHaveLength(2);
      // Colours alternate: GRhino is black in one match and white in the other.
      expect(matches.map((m: { seats: string[] }) => m.seats.indexOf('grhino')).sort()).toEqual([0, 1]);
      for (const m of matches) {
        const end = await bridge.finish(m.id);
        expect(end).not.toBeNull();
        expect(end!.agrees).toBe(true);
        expect(end!.engineBoard).toEqual(end!.serverBoard);
        // Every GRhino turn was played by GRhino: no timeouts in the log.
        const log = await request(app.getHttpServer())
          .get(`/games/reversi/matches/${m.id}/moves?limit=200`)
          .expect(200);
        const entries = log.body.entries as { seat: number; type: string }[];
        expect(entries.filter((e) => e.type !== 'MoveMade')).toEqual([]);
        expect(entries.filter((e) => e.seat === m.seats.indexOf('grhino'))).toHaveLength(end!.moveMs.length);
      }
      expect(bridge.stats).toMatchObject({ disagreements: 0, refused: 0, resyncs: 0 });
      expect(bridge.stats.checks).toBeGreaterThan(20);
      const again = await request(app.getHttpServer()).get(`/tournaments/${created.body.id}`).expect(200);
      expect(again.body.entrants.find((e: { name: string }) => e.name === 'grhino')).toMatchObject({ failures: 0 });
    } finally {
      await bridge.close();
    }
  }, 60_000);
});
