import { desc, inArray, isNotNull, and } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { payments } from '../../db/schema.js';

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

export async function latestPaymentIntentId(db: Executor, horseId: string) {
  return (await latestPaymentIntentIds(db, [horseId])).get(horseId) ?? null;
}
