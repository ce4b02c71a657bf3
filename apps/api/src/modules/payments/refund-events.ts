import { and, eq, inArray, sql } from 'drizzle-orm';
import type { RefundStatus } from '@registry/domain';
import type { Tx } from '../../db/client.js';
import { paymentRefunds, payments, type PaymentRow } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';
import { move, type Actor } from './moves.js';
import type { ProviderRefund } from './provider.js';

/*
 * Refunds, whoever made them (docs/api.md "Payments: undoing"): the office's through the
 * registry, and the provider's own (Stripe's dashboard, partial ones too), reported by
 * `charge.refunded`, `refund.*` and `charge.refund.updated`. One row per provider refund; the
 * payment keeps the sum of those that have not failed. Only a payment refunded in full is
 * `refunded` (the horse with it); a failed refund gives the money back to the payment.
 */

/** A refund's status only moves forward, so a replayed or late report never undoes a later one. */
const RANK: Record<RefundStatus, number> = {
  pending: 0,
  requires_action: 0,
  succeeded: 1,
  failed: 2,
  canceled: 2,
};
/** Refunds whose money has left (or is leaving) the association. */
const COUNTED: RefundStatus[] = ['pending', 'requires_action', 'succeeded'];
const counts = (status: RefundStatus) => COUNTED.includes(status);

export interface RefundSource {
  actor: Actor;
  /** The administrator's reason; null for the provider's own refunds. */
  reason: string | null;
  eventId?: string;
}

export interface RefundOutcome {
  /** The payment became `refunded` now. */
  moved: boolean;
  /** The refund is recorded as failed or canceled now. */
  failed: boolean;
  /** Anything was recorded (false: a replay, or an older report than the one kept). */
  changed: boolean;
}

/** Inserts or moves one refund row forward; answers its status before, if it existed. */
async function storeRefund(
  tx: Tx,
  paymentId: string,
  refund: ProviderRefund,
): Promise<{ changed: boolean; before: RefundStatus | null }> {
  const [existing] = await tx
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.id, refund.id))
    .for('update');
  if (!existing) {
    // Two reports of a new refund at once: the second insert does nothing and is a replay.
    const inserted = await tx
      .insert(paymentRefunds)
      .values({
        id: refund.id,
        paymentId,
        amountCents: refund.amountCents,
        status: refund.status,
        failureReason: refund.failureReason ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: paymentRefunds.id });
    return { changed: inserted.length > 0, before: null };
  }
  // A refund id names one refund of one payment; another payment's is not ours to move.
  if (existing.paymentId !== paymentId || RANK[refund.status] <= RANK[existing.status]) {
    return { changed: false, before: existing.status };
  }
  await tx
    .update(paymentRefunds)
    .set({
      status: refund.status,
      failureReason: refund.failureReason ?? existing.failureReason,
      updatedAt: new Date(),
    })
    .where(eq(paymentRefunds.id, refund.id));
  return { changed: true, before: existing.status };
}

async function refundedTotal(tx: Tx, paymentId: string): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${paymentRefunds.amountCents}), 0)`.mapWith(Number) })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), inArray(paymentRefunds.status, COUNTED)));
  return row?.cents ?? 0;
}

/**
 * Records one refund of `row` as the provider reports it, in the caller's transaction: the
 * refund row, the payment's refunded amount, and the payment's status when the refunds now
 * cover all of it (`refunded`) or a failed refund means they no longer do (back to
 * `succeeded`). Every change is audited; `payment.refund_failed` also tells the office
 * (mail/office-notices.ts).
 */
export async function recordRefund(
  tx: Tx,
  row: PaymentRow,
  refund: ProviderRefund,
  source: RefundSource,
): Promise<RefundOutcome> {
  const [locked] = await tx.select().from(payments).where(eq(payments.id, row.id)).for('update');
  if (!locked) return { moved: false, failed: false, changed: false };
  const stored = await storeRefund(tx, locked.id, refund);
  if (!stored.changed) return { moved: false, failed: false, changed: false };

  const total = Math.min(await refundedTotal(tx, locked.id), locked.amountCents);
  await tx
    .update(payments)
    .set({ refundedCents: total, updatedAt: new Date() })
    .where(eq(payments.id, locked.id));
  const details = {
    refundId: refund.id,
    refundCents: refund.amountCents,
    refundStatus: refund.status,
    ...(stored.before ? { refundStatusBefore: stored.before } : {}),
    ...(refund.failureReason ? { failureReason: refund.failureReason } : {}),
    refundedCents: total,
  };
  const audit = (action: string) => ({
    action,
    actor: source.actor,
    reason: source.reason,
    eventId: source.eventId,
    details,
  });
  const current = { ...locked, refundedCents: total };

  if (!counts(refund.status)) {
    // The money came back to the association: a payment refunded in full is paid again (unless
    // the card network took it in a lost dispute, or the horse was paid again meanwhile).
    const lost = (locked.dispute as { outcome?: unknown } | null)?.outcome === 'lost';
    const restored =
      locked.status === 'refunded' &&
      total < locked.amountCents &&
      !lost &&
      (await move(
        tx,
        current,
        ['refunded'],
        'succeeded',
        { paymentStatus: 'paid' },
        audit('payment.refund_failed'),
      ));
    if (!restored) await auditOnly(tx, current, audit('payment.refund_failed'), false);
    return { moved: false, failed: true, changed: true };
  }

  if (total >= locked.amountCents && ['succeeded', 'disputed'].includes(locked.status)) {
    const moved = await move(
      tx,
      current,
      ['succeeded', 'disputed'],
      'refunded',
      { paymentStatus: 'refunded' },
      audit('payment.refunded'),
    );
    return { moved, failed: false, changed: true };
  }
  // A part of the payment (the horse stays paid), a full refund already recorded, or a
  // pending refund that went through.
  const action =
    stored.before === null
      ? total >= locked.amountCents
        ? 'payment.refund_recorded'
        : 'payment.partially_refunded'
      : 'payment.refund_updated';
  await auditOnly(tx, current, audit(action), true);
  return { moved: false, failed: false, changed: true };
}

/** An audit entry for a change that did not move the payment's status. */
async function auditOnly(
  tx: Tx,
  row: PaymentRow,
  audit: {
    action: string;
    actor: Actor;
    reason: string | null;
    eventId?: string;
    details: Record<string, unknown>;
  },
  success: boolean,
) {
  await recordAudit(tx, {
    action: audit.action,
    success,
    actorId: audit.actor.id,
    subject: row.horseId,
    ip: audit.actor.ip ?? null,
    userAgent: audit.actor.userAgent ?? null,
    details: {
      paymentId: row.id,
      providerPaymentId: row.providerPaymentId,
      status: row.status,
      amountCents: row.amountCents,
      source: audit.actor.source,
      ...(audit.reason ? { reason: audit.reason } : {}),
      ...(audit.eventId ? { eventId: audit.eventId } : {}),
      ...audit.details,
    },
  });
}
