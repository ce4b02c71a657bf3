import { and, eq, sql } from 'drizzle-orm';
import { requiredFeeLines, type FeeLine } from '@registry/domain';
import type { Executor, Tx } from '../../db/client.js';
import { horses, payments, type HorseRow } from '../../db/schema.js';
import { prepared } from '../../db/prepared.js';

/*
 * Fees follow the record (docs/api.md "Payments"): what a horse owes is recomputed from its
 * answers at every edit, against the fee lines its settled payments cover.
 */

/** The keys of the fee lines the horse's settled payments cover. */
export async function feesPaidFor(db: Executor, horseId: string): Promise<string[]> {
  const rows = await prepared(db, 'fees_paid_for', () =>
    db
      .select({ covers: payments.covers })
      .from(payments)
      .where(
        and(eq(payments.horseId, sql.placeholder('horseId')), eq(payments.status, 'succeeded')),
      )
      .prepare('fees_paid_for'),
  ).execute({ horseId });
  return [...new Set(rows.flatMap((row) => coveredKeys(row.covers)))];
}

/** `payments.covers` ('registration+verification') as its keys. */
export function coveredKeys(covers: string | null | undefined): string[] {
  return covers ? covers.split('+').filter(Boolean) : [];
}

/**
 * The fee lines the horse's answers require and no settled payment covers. A horse marked
 * paid without any payment row (demo data, records imported as paid) owes nothing: there is
 * no payment to compare its answers with.
 */
export async function feesOwed(db: Executor, row: HorseRow): Promise<FeeLine[]> {
  const paid = await feesPaidFor(db, row.id);
  if (paid.length === 0) return [];
  return requiredFeeLines({
    performanceVerification: row.details.performanceVerification,
    feesPaid: paid,
  });
}

/**
 * After an edit of a registration not yet approved: a paid horse whose new answers cost more
 * is unpaid again (the member pays the difference from My Horses, approval waits for it), and
 * one whose answers came back within what was paid is paid again. Statuses of payments under
 * way (processing, requires action, disputed, refunded, failed) are left to their payment.
 */
export async function followFees(tx: Tx, row: HorseRow): Promise<HorseRow> {
  if (row.approvalStatus === 'approved') return row;
  if (row.paymentStatus !== 'paid' && row.paymentStatus !== 'unpaid') return row;
  const paid = await feesPaidFor(tx, row.id);
  // Nothing settled to compare with (see feesOwed).
  if (paid.length === 0) return row;
  const owed = requiredFeeLines({
    performanceVerification: row.details.performanceVerification,
    feesPaid: paid,
  });
  const status = owed.length > 0 ? 'unpaid' : 'paid';
  if (status === row.paymentStatus) return row;
  const [updated] = await tx
    .update(horses)
    .set({ paymentStatus: status })
    .where(eq(horses.id, row.id))
    .returning();
  return updated ?? row;
}
