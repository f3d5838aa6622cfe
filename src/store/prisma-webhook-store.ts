import type { PrismaClient } from '../generated/prisma/client';
import type { Attempt, DeliveryRecord, DueDelivery, Settlement, WebhookStore } from '../webhooks/webhook-store.port';

export class PrismaWebhookStore implements WebhookStore {
  constructor(private readonly prisma: PrismaClient) {}

  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DueDelivery[]> {
    const rows = await this.prisma.$queryRaw<(Omit<DueDelivery, 'attempts' | 'createdAt'> & { attempts: number; createdAt: Date | string })[]>`
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

  async settle(delivery: DueDelivery, attempt: Attempt, settlement: Settlement): Promise<void> {
    const next = settlement.status === 'pending' ? settlement.nextAttemptAt : undefined;
    await this.prisma.$transaction(async (tx) => {
      // Guarded by the attempt count: a dispatcher whose lease ran out while another settled the row writes nothing.
      const updated = await tx.webhookDelivery.updateMany({
        where: { id: delivery.id, attempts: delivery.attempts, status: 'pending' },
        data: {
          attempts: attempt.n,
          status: settlement.status,
          leaseUntil: null,
          ...(next ? { nextAttemptAt: next } : {}),
          ...(settlement.status === 'delivered' ? { deliveredAt: attempt.at } : {}),
        },
      });
      if (updated.count === 0) return;
      await tx.webhookAttempt.create({ data: { deliveryId: delivery.id, ...attempt } });
      if (settlement.status === 'disabled') {
        const row = await tx.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id }, select: { endpointId: true } });
        await tx.webhookEndpoint.update({ where: { id: row.endpointId }, data: { disabledAt: attempt.at } });
        await tx.webhookDelivery.updateMany({ where: { endpointId: row.endpointId, status: 'pending' }, data: { status: 'disabled', leaseUntil: null } });
      }
    });
  }

  async secretsOf(matchId: string): Promise<string[] | null> {
    const match = await this.prisma.match.findUnique({ where: { id: matchId }, select: { webhooks: { select: { secret: true } } } });
    return match ? match.webhooks.map((w) => w.secret) : null;
  }

  async history(matchId: string): Promise<DeliveryRecord[]> {
    const rows = await this.prisma.webhookDelivery.findMany({
      where: { matchId },
      orderBy: [{ seq: 'asc' }, { createdAt: 'asc' }],
      include: { endpoint: { select: { url: true } }, tries: { orderBy: { n: 'asc' } } },
    });
    return rows.map((r) => ({
      messageId: r.messageId, url: r.endpoint.url, seq: r.seq, type: r.type, status: r.status,
      createdAt: r.createdAt, nextAttemptAt: r.nextAttemptAt, deliveredAt: r.deliveredAt,
      attempts: r.tries.map((t) => ({ n: t.n, at: t.at, statusCode: t.statusCode, error: t.error, durationMs: t.durationMs })),
    }));
  }
}
