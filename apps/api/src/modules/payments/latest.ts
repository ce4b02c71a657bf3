import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import { prepared } from '../../db/prepared.js';

/** Each horse's latest provider payment id (pi_...), for the Horse object's `paymentIntentId`. */
export async function latestPaymentIntentIds(
  db: Executor,
  horseIds: string[],
): Promise<Map<string, string>> {
  const latest = new Map<string, string>();
  if (horseIds.length === 0) return latest;
  const rows = await db
    .select({ horseId: payments.horseId, providerPaymentId: payments.providerPaymentId })
    .from(payments)
    .where(and(inArray(payments.horseId, horseIds), isNotNull(payments.providerPaymentId)))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  for (const row of rows) {
    if (row.horseId && row.providerPaymentId && !latest.has(row.horseId)) {
      latest.set(row.horseId, row.providerPaymentId);
    }
  }
  return latest;
}

/** One horse's latest provider payment id: one statement, built once (db/prepared.ts). */
export async function latestPaymentIntentId(db: Executor, horseId: string) {
  const [row] = await prepared(db, 'latest_payment_intent', () =>
    db
      .select({ providerPaymentId: payments.providerPaymentId })
      .from(payments)
      .where(
        and(
          eq(payments.horseId, sql.placeholder('horseId')),
          isNotNull(payments.providerPaymentId),
        ),
      )
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(1)
      .prepare('latest_payment_intent'),
  ).execute({ horseId });
  return row?.providerPaymentId ?? null;
}
