/**
 * A match's creation on Postgres, for the event store (prisma-event-store.ts): the statement of one match, and
 * the statement of several created at once (its group commit). Both write the match, its seats, its webhook
 * endpoints and their match.started outbox rows, all or nothing.
 */
import { Prisma } from '../../generated/prisma/client';
import type { NewMatch } from '../event-store.port';
import { type RunStatement, column } from './match-rows';

/**
 * One match in a statement of its own, one round trip: the match, its seats, its webhook endpoints and the
 * outbox rows of match.started, each an INSERT of a CTE (the foreign keys are checked at the statement's end,
 * when all are there). All or nothing. Its one VALUES row keeps it on its match's shard (docs/scaling.md),
 * which the batched form below, over arrays of several matches, cannot be.
 */
export async function insertMatch(run: RunStatement, m: NewMatch): Promise<{ createdAt: Date | string } | null> {
  const at = m.createdAt === undefined ? Prisma.sql`now()` : Prisma.sql`${m.createdAt}::timestamptz`;
  const seats = m.seats;
  const hooks = m.webhooks ?? [];
  const started = hooks.filter((w) => w.started !== undefined);
  const rows = await run<{ createdAt: Date | string }>(Prisma.sql`
    WITH m AS (
      INSERT INTO "Match" ("id", "game", "rulesVersion", "seed", "salt", "seedCommitment", "options", "status", "toMove", "unlisted",
                           "expiresAt", "clock", "deadlineAt", "botDueAt", "rematchOf", "createdAt", "updatedAt")
      VALUES (${m.id}::uuid, ${m.game}, ${m.rulesVersion}::int, ${m.seed}, ${m.salt}, ${m.seedCommitment}, ${JSON.stringify(m.options ?? null)}::jsonb,
              ${m.status}, ${[...m.toMove]}::int[], ${m.unlisted}, ${m.expiresAt}::timestamptz,
              ${m.clock === null ? null : JSON.stringify(m.clock)}::jsonb, ${m.deadlineAt}::timestamptz, ${m.botDueAt ?? null}::timestamptz,
              ${m.rematchOf}::uuid, ${at}, ${at})
      RETURNING "id", "createdAt"
    ), s AS (
      INSERT INTO "Seat" ("matchId", "seat", "name", "playerId", "tokenHash", "bot")
      SELECT m."id", x."seat", x."name", x."player"::uuid, x."hash", x."bot"
        FROM m, unnest(${seats.map((x) => x.seat)}::int[], ${seats.map((x) => x.holder.name)}::text[], ${seats.map((x) => x.holder.player)}::text[],
                       ${seats.map((x) => x.tokenHash)}::text[], ${seats.map((x) => x.holder.bot ?? null)}::text[])
             AS x("seat", "name", "player", "hash", "bot")
      RETURNING 1
    ), w AS (
      INSERT INTO "WebhookEndpoint" ("id", "matchId", "url", "secret", "createdAt")
      SELECT x."id"::uuid, m."id", x."url", x."secret", m."createdAt"
        FROM m, unnest(${hooks.map((w) => w.id)}::text[], ${hooks.map((w) => w.url)}::text[], ${hooks.map((w) => w.secret)}::text[]) AS x("id", "url", "secret")
      RETURNING 1
    ), d AS (
      INSERT INTO "WebhookDelivery" ("id", "endpointId", "matchId", "seq", "messageId", "type", "body", "nextAttemptAt", "createdAt")
      SELECT gen_random_uuid(), x."endpoint"::uuid, m."id", 0, x."messageId", x."type", x."body", m."createdAt", m."createdAt"
        FROM m, unnest(${started.map((w) => w.id)}::text[], ${started.map((w) => w.started?.messageId ?? '')}::text[],
                       ${started.map((w) => w.started?.type ?? '')}::text[], ${started.map((w) => w.started?.body ?? '')}::text[])
             AS x("endpoint", "messageId", "type", "body")
      RETURNING 1
    )
    SELECT m."createdAt" FROM m`); // s, w and d run whether or not they are read, as every data-modifying CTE does
  return rows[0] ?? null;
}

/**
 * Several matches created in one statement (group commit): the single creation's statement over tables of
 * rows, the seats, endpoints and match.started outbox rows tied to their match by its id. All or nothing for
 * the batch: if it fails, each creation is run again alone (group-commit.ts).
 */
export async function insertMatches(
  run: RunStatement,
  ms: readonly NewMatch[],
): Promise<Map<string, { createdAt: Date | string }>> {
  const seats = ms.flatMap((m) => m.seats.map((x) => ({ match: m.id, ...x })));
  const hooks = ms.flatMap((m) => (m.webhooks ?? []).map((w) => ({ match: m.id, ...w })));
  const started = hooks.filter((w) => w.started !== undefined);
  const rows = await run<{ id: string; createdAt: Date | string }>(Prisma.sql`
    WITH m AS (
      INSERT INTO "Match" ("id", "game", "rulesVersion", "seed", "salt", "seedCommitment", "options", "status", "toMove", "unlisted",
                           "expiresAt", "clock", "deadlineAt", "botDueAt", "rematchOf", "createdAt", "updatedAt")
      SELECT x."id", x."game", x."rulesVersion", x."seed", x."salt", x."seedCommitment", x."options"::jsonb, x."status", x."toMove"::int[],
             x."unlisted", x."expiresAt", x."clock"::jsonb, x."deadlineAt", x."botDueAt", x."rematchOf", coalesce(x."at", now()), coalesce(x."at", now())
        FROM unnest(${column(
          ms.map((m) => m.id),
          'uuid',
        )}, ${column(
          ms.map((m) => m.game),
          'text',
        )}, ${column(
          ms.map((m) => m.rulesVersion),
          'int',
        )},
                    ${column(
                      ms.map((m) => m.seed),
                      'text',
                    )}, ${column(
                      ms.map((m) => m.salt),
                      'text',
                    )}, ${column(
                      ms.map((m) => m.seedCommitment),
                      'text',
                    )},
                    ${column(
                      ms.map((m) => JSON.stringify(m.options ?? null)),
                      'text',
                    )}, ${column(
                      ms.map((m) => m.status),
                      'text',
                    )},
                    ${column(
                      ms.map((m) => `{${m.toMove.join(',')}}`),
                      'text',
                    )}, ${column(
                      ms.map((m) => m.unlisted),
                      'boolean',
                    )},
                    ${column(
                      ms.map((m) => m.expiresAt),
                      'timestamptz',
                    )}, ${column(
                      ms.map((m) => (m.clock === null ? null : JSON.stringify(m.clock))),
                      'text',
                    )},
                    ${column(
                      ms.map((m) => m.deadlineAt),
                      'timestamptz',
                    )}, ${column(
                      ms.map((m) => m.botDueAt ?? null),
                      'timestamptz',
                    )},
                    ${column(
                      ms.map((m) => m.rematchOf),
                      'uuid',
                    )}, ${column(
                      ms.map((m) => m.createdAt ?? null),
                      'timestamptz',
                    )})
             AS x("id", "game", "rulesVersion", "seed", "salt", "seedCommitment", "options", "status", "toMove", "unlisted",
                  "expiresAt", "clock", "deadlineAt", "botDueAt", "rematchOf", "at")
      RETURNING "id", "createdAt"
    ), s AS (
      INSERT INTO "Seat" ("matchId", "seat", "name", "playerId", "tokenHash", "bot")
      SELECT x."match", x."seat", x."name", x."player"::uuid, x."hash", x."bot"
        FROM unnest(${column(
          seats.map((x) => x.match),
          'uuid',
        )}, ${column(
          seats.map((x) => x.seat),
          'int',
        )}, ${column(
          seats.map((x) => x.holder.name),
          'text',
        )},
                    ${column(
                      seats.map((x) => x.holder.player),
                      'text',
                    )}, ${column(
                      seats.map((x) => x.tokenHash),
                      'text',
                    )}, ${column(
                      seats.map((x) => x.holder.bot ?? null),
                      'text',
                    )})
             AS x("match", "seat", "name", "player", "hash", "bot")
      RETURNING 1
    ), w AS (
      INSERT INTO "WebhookEndpoint" ("id", "matchId", "url", "secret", "createdAt")
      SELECT x."id"::uuid, m."id", x."url", x."secret", m."createdAt"
        FROM unnest(${column(
          hooks.map((w) => w.id),
          'text',
        )}, ${column(
          hooks.map((w) => w.match),
          'uuid',
        )}, ${column(
          hooks.map((w) => w.url),
          'text',
        )},
                    ${column(
                      hooks.map((w) => w.secret),
                      'text',
                    )}) AS x("id", "match", "url", "secret")
        JOIN m ON m."id" = x."match"
      RETURNING 1
    ), d AS (
      INSERT INTO "WebhookDelivery" ("id", "endpointId", "matchId", "seq", "messageId", "type", "body", "nextAttemptAt", "createdAt")
      SELECT gen_random_uuid(), x."endpoint"::uuid, m."id", 0, x."messageId", x."type", x."body", m."createdAt", m."createdAt"
        FROM unnest(${column(
          started.map((w) => w.id),
          'text',
        )}, ${column(
          started.map((w) => w.match),
          'uuid',
        )}, ${column(
          started.map((w) => w.started?.messageId ?? ''),
          'text',
        )},
                    ${column(
                      started.map((w) => w.started?.type ?? ''),
                      'text',
                    )}, ${column(
                      started.map((w) => w.started?.body ?? ''),
                      'text',
                    )})
             AS x("endpoint", "match", "messageId", "type", "body")
        JOIN m ON m."id" = x."match"
      RETURNING 1
    )
    SELECT m."id"::text AS "id", m."createdAt" FROM m`); // s, w and d run whether or not they are read, as every data-modifying CTE does
  return new Map(rows.map((r) => [r.id, r]));
}
