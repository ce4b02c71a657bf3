import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { payments } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';

/*
 * A bank debit's authorisation ending at the provider (docs/api.md "Payments"): Stripe sends
 * `mandate.updated` with an `inactive` mandate when the account holder revokes it through their
 * bank or the account closes, and `payment_method.detached` when the payment method is taken
 * off its customer (which ends its mandates too). The stored mandate of each payment made with
 * that payment method is marked revoked; nothing is debited under it again. Every bank debit
 * asks for a new authorisation anyway (they are one-time, domain achMandateText), so the next
 * one the member makes takes a fresh mandate. A payment still processing is failed by Stripe's
 * own `payment_intent.payment_failed`, not here.
 */

export interface MandateEnd {
  /** The payment method the mandate was given for (Stripe `pm_...`). */
  providerMethodId: string;
  /** Stripe's `mandate_...`, when the event names it. */
  providerMandateId: string | null;
  cause: 'mandate.updated' | 'payment_method.detached';
  eventId: string;
}

/**
 * Marks the mandates given with this payment method revoked, in the caller's transaction;
 * answers how many payments changed. A detached card (no mandate) is only noted in the audit
 * log. Replays change nothing: a revoked mandate stays as first recorded.
 */
export async function endMandates(tx: Tx, end: MandateEnd): Promise<number> {
  const rows = await tx
    .select()
    .from(payments)
    .where(eq(payments.providerMethodId, end.providerMethodId))
    .for('update');
  let changed = 0;
  for (const row of rows) {
    const mandate = row.mandate as Record<string, unknown> | null;
    const common = {
      paymentId: row.id,
      providerPaymentId: row.providerPaymentId,
      providerMethodId: end.providerMethodId,
      status: row.status,
      source: 'webhook',
      eventId: end.eventId,
      cause: end.cause,
    };
    if (row.method === 'bank' && mandate) {
      if (mandate.status === 'revoked') continue;
      await tx
        .update(payments)
        .set({
          mandate: {
            ...mandate,
            status: 'revoked',
            revokedAt: new Date().toISOString(),
            revokedBy: end.cause,
            ...(end.providerMandateId ? { providerMandateId: end.providerMandateId } : {}),
          },
          updatedAt: new Date(),
        })
        .where(eq(payments.id, row.id));
      await recordAudit(tx, {
        action: 'payment.mandate_revoked',
        success: true,
        actorId: null,
        subject: row.horseId,
        details: {
          ...common,
          ...(end.providerMandateId ? { providerMandateId: end.providerMandateId } : {}),
        },
      });
      changed += 1;
    } else if (end.cause === 'payment_method.detached') {
      await recordAudit(tx, {
        action: 'payment.method_detached',
        success: true,
        actorId: null,
        subject: row.horseId,
        details: common,
      });
      changed += 1;
    }
  }
  return changed;
}
