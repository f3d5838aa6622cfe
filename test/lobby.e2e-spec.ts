import { GAMES } from '../src/games/games';
import { ListingsService } from '../src/matches/listings.service';
import { lobbyQuery } from '../src/matches/postgres/prisma-listing-store';
import { useApp } from './support/harness';

/** What the plan test needs of a session: statements, and queries that answer rows. */
type Session = {
  exec(text: string): Promise<void>;
  query<R>(text: string, values: unknown[]): Promise<R[]>;
};
import { SeatsClient } from './support/seats';

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
/** The plan without its per-row sub-plans (each match's seats, its rematch link): the part that finds the page. */
const mainNodes = (n: PlanNode): PlanNode[] => [
  n,
  ...(n.Plans ?? []).filter((c) => c['Parent Relationship'] !== 'SubPlan').flatMap(mainNodes),
];

describe('the lobby', () => {
  const h = useApp();
  let seats: SeatsClient;
  beforeAll(() => {
    seats = new SeatsClient(h.client);
  });

  it('lists waiting matches with their open seats, newest first, paged to a null cursor; unlisted ones never', async () => {
    const listed = [];
    for (let i = 0; i < 3; i++) listed.push(await seats.create('split', ['host', null, null]));
    const hidden = await seats.create('split', ['host', null], { unlisted: true });
    const page = await seats.lobby('split', '?status=waiting&limit=2').expect(200);
    expect(page.body.matches).toHaveLength(2);
    expect(page.body.nextCursor).toEqual(expect.any(String));
    expect(page.body.matches[0]).toEqual({
      id: listed[2]!.id,
      game: 'split',
      status: 'waiting',
      version: 0,
      toMove: [],
      openSeats: [1, 2],
      players: [
        { seat: 0, name: 'host' },
        { seat: 1, name: null, open: true },
        { seat: 2, name: null, open: true },
      ],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const all = await seats.lobbyAll('split', 'waiting');
    const ids = all.map((m) => m.id);
    expect(ids).not.toContain(hidden.id);
    const mine = listed.map((m) => m.id).reverse();
    expect(ids.filter((id) => mine.includes(id))).toEqual(mine); // newest first
    expect((await seats.lobby('split').expect(200)).body.matches[0].status).toBe('waiting'); // status defaults to waiting
    // An unlisted match is still joinable by whoever has its id.
    await seats.join('split', hidden.id, { name: 'friend' }).expect(200);
  });

  it('uses its index: over 100,000 matches the plan is one index scan that reads one page, with no sort of matches and no sequential scan', async () => {
    const game = 'lobby-plan';
    // The test's own connection (test/support/client.ts), not the app's pool: the app's statements are cut at
    // DATABASE_QUERY_TIMEOUT_MS (5 s), which 300,000 rows on a loaded machine can take longer than.
    const db = {
      async session(work: (sql: Session) => Promise<void>): Promise<void> {
        const client = await h.db.pool.connect();
        try {
          await work({
            exec: async (text: string) => void (await client.query(text)),
            query: async <R>(text: string, values: unknown[]) => (await client.query(text, values)).rows as R[],
          });
        } finally {
          client.release();
        }
      },
    };
    // All in one transaction, rolled back at the end: the rows never show to the other test files, and nothing
    // needs deleting. 100,000 matches of one game and their 200,000 seats come in one statement: 5% waiting,
    // 15% active, the rest finished; 1 in 10 unlisted.
    await db.session(async (sql) => {
      await sql.exec('BEGIN');
      try {
        await sql.exec(`
          WITH m AS (
            INSERT INTO "Match" ("id", "game", "rulesVersion", "seed", "options", "status", "version", "unlisted", "createdAt", "updatedAt")
            SELECT gen_random_uuid(), '${game}', 1, md5(i::text), '{}'::jsonb,
                   CASE WHEN i % 20 = 0 THEN 'waiting' WHEN i % 20 < 4 THEN 'active' ELSE 'finished' END,
                   0, i % 10 = 0, now() - make_interval(secs => i), now()
              FROM generate_series(1, 100000) AS i
            RETURNING "id", "status"
          )
          INSERT INTO "Seat" ("matchId", "seat", "name", "tokenHash")
          SELECT m."id", s, CASE WHEN s = 1 AND m."status" = 'waiting' THEN NULL ELSE 'p' || s END, md5(m."id"::text || s)
            FROM m, generate_series(0, 1) AS s`);
        await sql.exec('ANALYZE "Match"; ANALYZE "Seat"');
        for (const status of ['waiting', 'active', 'finished'] as const) {
          for (const after of [
            null,
            { createdAt: new Date(Date.now() - 50_000_000), id: '00000000-0000-0000-0000-000000000000' },
          ]) {
            const query = lobbyQuery(game, status, after, 51);
            const explain = await sql.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
              `EXPLAIN (ANALYZE, FORMAT JSON) ${query.text}`,
              query.values,
            );
            const plan = explain[0]!['QUERY PLAN'][0].Plan;
            const all = nodes(plan);
            const scan = all.find(
              (n) =>
                n['Relation Name'] === 'Match' && n['Index Name'] === 'Match_game_status_unlisted_createdAt_id_idx',
            );
            expect([status, scan?.['Node Type']]).toEqual([status, expect.stringMatching(/^Index (Only )?Scan$/)]);
            expect(scan!['Actual Rows']).toBeLessThanOrEqual(51);
            expect(
              mainNodes(plan)
                .filter((n) => n['Node Type'] === 'Sort')
                .map((n) => n['Node Type']),
            ).toEqual([]);
            expect(all.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])).toEqual([]);
          }
        }
      } finally {
        await sql.exec('ROLLBACK');
      }
    });
    const res = await seats.lobby(game, '?status=waiting&limit=50');
    expect(res.status).toBe(404); // not a registered game: the lobby serves only the registry's games
  }, 180_000); // 300,000 rows on a shared 2-core machine: no wall-clock claim, only room
});

describe('the lobby and "my matches" are projections of the logs', () => {
  const h = useApp();

  it('are rebuilt from the logs alone after being lost', async () => {
    const seats = new SeatsClient(h.client);
    const p = await seats.player('rebuilt');
    const m = await seats.create('deblockle', ['host', null]);
    const joined = await seats.join('deblockle', m.id, { seat: 1 }, p.key).expect(200);
    const before = {
      lobby: (await seats.lobbyAll('deblockle', 'active')).find((x) => x.id === m.id),
      mine: (await seats.myMatches(p.key).expect(200)).body,
    };
    expect(before.lobby).toBeDefined();

    // Lose the projections: the match row's status and seats to move, and the joined seat's holder.
    await h.db.pool.query(`UPDATE "Match" SET "status" = 'finished', "toMove" = '{}' WHERE "id" = $1`, [m.id]);
    await h.db.pool.query('UPDATE "Seat" SET "name" = NULL, "playerId" = NULL WHERE "matchId" = $1 AND "seat" = 1', [
      m.id,
    ]);
    expect((await seats.lobbyAll('deblockle', 'active')).map((x) => x.id)).not.toContain(m.id);
    expect((await seats.myMatches(p.key).expect(200)).body.matches.map((x: { id: string }) => x.id)).not.toContain(
      m.id,
    );

    const engine = GAMES.find((g) => g.engine.id === 'deblockle')!.engine;
    expect(await h.app.get(ListingsService).rebuild(engine, m.id)).toBe(joined.body.version);

    expect((await seats.lobbyAll('deblockle', 'active')).find((x) => x.id === m.id)).toEqual(before.lobby);
    expect((await seats.myMatches(p.key).expect(200)).body).toEqual(before.mine);
  });
});
