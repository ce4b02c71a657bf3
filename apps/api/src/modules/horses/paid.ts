import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { payments } from '../../db/schema.js';

export interface PaidSummary {
  /** What settled for this horse, in cents. */
  paidCents: number;
  payments: Array<{ amountCents: number; method: string; at: string }>;
}

/** The money that settled for a horse: shown in the member's View and before a delete. */
export async function paidForHorse(db: Executor, horseId: string): Promise<PaidSummary> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.horseId, horseId), eq(payments.status, 'succeeded')))
    .orderBy(asc(payments.updatedAt));
  return {
    paidCents: rows.reduce((sum, row) => sum + row.amountCents, 0),
    payments: rows.map((row) => ({
      amountCents: row.amountCents,
      method: row.method,
      at: row.updatedAt.toISOString(),
    })),
  };
}
