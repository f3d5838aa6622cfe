import type { PrismaClient } from '../generated/prisma/client';
import type { OutboxStats } from '../metrics/metrics';
import type { Attempt, DeliveryRecord, DueDelivery, Settlement, WebhookStore } from './webhook-store.port';

export class PrismaWebhookStore implements WebhookStore {
  constructor(private readonly prisma: PrismaClient) {}

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DueDelivery[]> {
    const rows = await this.prisma.$queryRaw<
      (Omit<DueDelivery, 'attempts' | 'createdAt'> & { attempts: number; createdAt: Date | string })[]
    >`
      UPDATE "WebhookDelivery" d SET "leaseUntil" = ${leaseUntil}::timestamptz
        FROM "WebhookEndpoint" w
       WHERE w."id" = d."endpointId" AND d."id" IN (
         SELECT "id" FROM "WebhookDelivery"
          WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now}::timestamptz
            AND ("leaseUntil" IS NULL OR "leaseUntil" <= ${now}::timestamptz)
          ORDER BY "nextAttemptAt" LIMIT ${limit}::int
          FOR UPDATE SKIP LOCKED)
      RETURNING d."id"::text AS "id", d."matchId"::text AS "matchId", w."url", w."secret", d."messageId", d."body", d."attempts", d."createdAt"`;
    return rows.map((r) => ({ ...r, attempts: Number(r.attempts), createdAt: new Date(r.createdAt) }));
  }

  async settle(delivery: DueDelivery, attempt: Attempt, settlement: Settlement): Promise<boolean> {
    const next = settlement.status === 'pending' ? settlement.nextAttemptAt : null;
    // One statement: the delivery's new state and its attempt row. Guarded by the attempt count, so a
    // dispatcher whose lease ran out while another settled the row writes nothing.
    const settled = await this.prisma.$queryRaw<{ endpointId: string }[]>`
      WITH settled AS (
        UPDATE "WebhookDelivery"
           SET "attempts" = ${attempt.n}::int, "status" = ${settlement.status}, "leaseUntil" = NULL,
               "nextAttemptAt" = COALESCE(${next}::timestamptz, "nextAttemptAt"),
               "deliveredAt" = CASE WHEN ${settlement.status} = 'delivered' THEN ${attempt.at}::timestamptz ELSE "deliveredAt" END
         WHERE "id" = ${delivery.id}::uuid AND "attempts" = ${delivery.attempts}::int AND "status" = 'pending'
        RETURNING "id", "endpointId"
      ), tried AS (
        INSERT INTO "WebhookAttempt" ("deliveryId", "n", "at", "statusCode", "error", "durationMs")
        SELECT "id", ${attempt.n}::int, ${attempt.at}::timestamptz, ${attempt.statusCode}::int, ${attempt.error}, ${attempt.durationMs}::int FROM settled
        RETURNING 1
      )
      SELECT "endpointId"::text AS "endpointId" FROM settled`;
    const endpointId = settled[0]?.endpointId;
    if (endpointId === undefined) return false;
    if (settlement.status !== 'disabled') return true;
    // 410 Gone: the endpoint and everything still pending for it stop here (rare: two more statements).
    await this.prisma.$transaction([
      this.prisma.webhookEndpoint.update({ where: { id: endpointId }, data: { disabledAt: attempt.at } }),
      this.prisma.webhookDelivery.updateMany({
        where: { endpointId, status: 'pending' },
        data: { status: 'disabled', leaseUntil: null },
      }),
    ]);
    return true;
  }

  async outboxStats(): Promise<OutboxStats> {
    // The dispatcher's index (status, nextAttemptAt) covers it; run at scrape time only.
    const [row] = await this.prisma.$queryRaw<{ pending: bigint | number; oldest: Date | null }[]>`
      SELECT count(*) AS "pending", min("createdAt") AS "oldest" FROM "WebhookDelivery" WHERE "status" = 'pending'`;
    return { pending: Number(row?.pending ?? 0), oldestAt: row?.oldest ? new Date(row.oldest) : null };
  }

  async defer(deliveries: readonly { readonly delivery: DueDelivery; readonly until: Date }[]): Promise<void> {
    if (deliveries.length === 0) return;
    const rows = JSON.stringify(
      deliveries.map((d) => ({ id: d.delivery.id, attempts: d.delivery.attempts, until: d.until.toISOString() })),
    );
    await this.prisma.$executeRaw`
      UPDATE "WebhookDelivery" d SET "nextAttemptAt" = x."until", "leaseUntil" = NULL
        FROM jsonb_to_recordset(${rows}::jsonb) AS x("id" uuid, "attempts" int, "until" timestamptz)
       WHERE d."id" = x."id" AND d."attempts" = x."attempts" AND d."status" = 'pending'`;
  }

  async secretsOf(matchId: string): Promise<string[] | null> {
    const match = await this.prisma.match.findUnique({
      where: { id: matchId },
      select: { webhooks: { select: { secret: true } } },
    });
    return match ? match.webhooks.map((w) => w.secret) : null;
  }

  async history(matchId: string): Promise<DeliveryRecord[]> {
    const rows = await this.prisma.webhookDelivery.findMany({
      where: { matchId },
      orderBy: [{ seq: 'asc' }, { createdAt: 'asc' }],
      include: { endpoint: { select: { url: true } }, tries: { orderBy: { n: 'asc' } } },
    });
    return rows.map((r) => ({
      messageId: r.messageId,
      url: r.endpoint.url,
      seq: r.seq,
      type: r.type,
      status: r.status,
      createdAt: r.createdAt,
      nextAttemptAt: r.nextAttemptAt,
      deliveredAt: r.deliveredAt,
      attempts: r.tries.map((t) => ({
        n: t.n,
        at: t.at,
        statusCode: t.statusCode,
        error: t.error,
        durationMs: t.durationMs,
      })),
    }));
  }
}
