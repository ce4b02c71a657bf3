import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { requiredFeeLines } from '@registry/domain';
import type { Tx } from '../../db/client.js';
import { horses, payments, type PaymentRow, type PaymentStatus } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';
import { coveredKeys } from '../horse-repository/index.js';
import type { ProviderStatus } from './provider.js';
import { horsePaymentStatus } from './settle.js';

/**
 * Moving a settled or waiting payment to another status, the horse with it, in the caller's
 * transaction with its audit entry: the undoing routes (reversals.ts) and the provider's
 * refund, dispute and mandate events (refund-events.ts, dispute-events.ts) share it.
 */

export interface Actor {
  /** null: the stale-intent job or the provider. */
  id: string | null;
  source: 'member' | 'admin' | 'job' | 'webhook';
  ip?: string;
  userAgent?: string;
}

/**
 * The horse's payment status once one of its payments is undone (docs/api.md "Payments
 * ledger"). A horse can hold two payments (the registration and a difference owed after an
 * edit), so the undone one alone does not decide: another payment under way or disputed gives
 * its status; another settled one leaves the horse `paid` when it covers every fee line the
 * answers require, else `unpaid` (the rest is owed again, as after an edit); with none left,
 * `fallback` (refunded, or unpaid for a void or cancel).
 */
export async function horseAfterUndo(
  tx: Tx,
  horseId: string,
  undoneId: string,
  fallback: { paymentStatus: PaymentStatus; clearMode?: boolean },
): Promise<{ paymentStatus: PaymentStatus; clearMode?: boolean }> {
  const others = await tx
    .select({ status: payments.status, covers: payments.covers })
    .from(payments)
    .where(
      and(
        eq(payments.horseId, horseId),
        ne(payments.id, undoneId),
        inArray(payments.status, ['requires_action', 'processing', 'succeeded', 'disputed']),
      ),
    )
    .orderBy(desc(payments.createdAt), desc(payments.id));
  const underWay = others.find((other) => other.status !== 'succeeded');
  if (underWay) return { paymentStatus: horsePaymentStatus(underWay.status) };
  if (others.length === 0) return fallback;
  const [row] = await tx
    .select({ details: horses.details })
    .from(horses)
    .where(eq(horses.id, horseId));
  const owed = requiredFeeLines({
    performanceVerification: row?.details.performanceVerification,
    feesPaid: others.flatMap((other) => coveredKeys(other.covers)),
  });
  return { paymentStatus: owed.length > 0 ? 'unpaid' : 'paid' };
}

const NO_PAYMENT = '00000000-0000-0000-0000-000000000000';

/** The horse's status from all its payments as they are now (a payment went back to paid). */
export function horseStatusNow(tx: Tx, horseId: string) {
  return horseAfterUndo(tx, horseId, NO_PAYMENT, { paymentStatus: 'unpaid' });
}

const LIVE: ProviderStatus[] = ['requires_action', 'processing', 'succeeded', 'disputed'];

/**
 * Whether another payment of the horse for the same fee lines is live or settled: a refunded
 * payment cannot come back (a failed refund, an appeal) while the horse was paid again, as the
 * database holds one such payment per horse and set of lines.
 */
export async function hasLiveTwin(tx: Tx, row: PaymentRow): Promise<boolean> {
  if (!row.horseId) return false;
  const [twin] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.horseId, row.horseId),
        eq(payments.covers, row.covers),
        ne(payments.id, row.id),
        inArray(payments.status, LIVE),
      ),
    )
    .limit(1);
  return Boolean(twin);
}

export interface MoveAudit {
  action: string;
  actor: Actor;
  reason: string | null;
  eventId?: string;
  /** More for the audit entry: the refund or dispute that moved it. */
  details?: Record<string, unknown>;
}

/**
 * Moves a locked payment from `from` to `to` and the horse with it; false when someone else
 * moved it first (a webhook, another administrator). Back to `succeeded` (a dispute won, a
 * refund that failed), the horse's status is worked out from all its payments again.
 */
export async function move(
  tx: Tx,
  row: PaymentRow,
  from: ProviderStatus[],
  to: ProviderStatus,
  horse: { paymentStatus: PaymentStatus; clearMode?: boolean },
  audit: MoveAudit,
): Promise<boolean> {
  const [locked] = await tx.select().from(payments).where(eq(payments.id, row.id)).for('update');
  if (!locked || !from.includes(locked.status)) return false;
  // A refunded payment back to live while another took its place would break the one-live
  // index: the caller records the event without the move (refund-events.ts, dispute-events.ts).
  if (!LIVE.includes(locked.status) && LIVE.includes(to) && (await hasLiveTwin(tx, locked))) {
    return false;
  }
  await tx
    .update(payments)
    .set({
      status: to,
      reversalReason: audit.reason,
      actionUrl: null,
      settlesAt: null,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, row.id));
  if (locked.horseId) {
    const after =
      to === 'canceled' || to === 'refunded'
        ? await horseAfterUndo(tx, locked.horseId, locked.id, horse)
        : to === 'succeeded'
          ? await horseStatusNow(tx, locked.horseId)
          : horse;
    await tx
      .update(horses)
      .set({
        paymentStatus: after.paymentStatus,
        ...(after.clearMode ? { paymentMode: null } : {}),
      })
      .where(eq(horses.id, locked.horseId));
  }
  await recordAudit(tx, {
    action: audit.action,
    success: true,
    actorId: audit.actor.id,
    subject: locked.horseId,
    ip: audit.actor.ip ?? null,
    userAgent: audit.actor.userAgent ?? null,
    details: {
      paymentId: locked.id,
      providerPaymentId: locked.providerPaymentId,
      from: locked.status,
      to,
      amountCents: locked.amountCents,
      source: audit.actor.source,
      ...(audit.reason ? { reason: audit.reason } : {}),
      ...(audit.eventId ? { eventId: audit.eventId } : {}),
      ...audit.details,
    },
  });
  return true;
}
