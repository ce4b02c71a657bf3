import { and, eq, isNotNull, lt, ne } from 'drizzle-orm';
import { payments } from '../../db/schema.js';
import { cancelWaitingPayment } from './reversals.js';
import type { PaymentDeps } from './service.js';

/** A payment still waiting for the payer after a day blocks the horse: it is canceled. */
export const STALE_INTENT_MS = 24 * 60 * 60_000;
export const STALE_REASON = 'Not approved within 24 hours';

/**
 * Cancels provider payments left in requires_action for more than 24 hours, at the provider
 * and here, so the member can pay again (docs/api.md "Payments: undoing"). Run by the charge
 * recovery's timer (recovery.ts), which finishes the placeholders without a provider id. One
 * failure is logged and the rest go on; concurrent runs are harmless (the row lock decides).
 */
export async function cancelStaleIntents(
  deps: PaymentDeps,
  now: Date = new Date(),
  maxAgeMs = STALE_INTENT_MS,
): Promise<number> {
  const stale = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'requires_action'),
        eq(payments.provider, deps.provider.name),
        // A bank payment waits for microdeposits, which take business days; the provider ends
        // it if they are never verified (a webhook then fails it here).
        ne(payments.method, 'bank'),
        isNotNull(payments.providerPaymentId),
        lt(payments.createdAt, new Date(now.getTime() - maxAgeMs)),
      ),
    )
    .limit(100);
  let canceled = 0;
  for (const row of stale) {
    try {
      await cancelWaitingPayment(deps, row, { id: null, source: 'job' }, STALE_REASON);
      canceled += 1;
    } catch (error) {
      deps.log.warn(
        { paymentId: row.id, err: { message: (error as Error).message } },
        'stale payment not canceled',
      );
    }
  }
  return canceled;
}
