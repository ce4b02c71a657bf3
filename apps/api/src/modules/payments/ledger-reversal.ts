import { eq } from 'drizzle-orm';
import { LEDGER_MESSAGES, type LedgerReversal } from '@registry/domain';
import { payments } from '../../db/schema.js';
import { isUuid } from '../../db/ids.js';
import { HttpError } from '../../http-error.js';
import { PaymentChangedError, reversePaymentRow, type Actor } from './reversals.js';
import type { PaymentDeps } from './service.js';

/**
 * One reversal at a time per payment in this process: a second click, or a second
 * administrator on the same server, waits and then finds the status changed (409) instead of
 * reaching the provider again. Across servers the provider's idempotency key still refunds
 * once (reversals.ts).
 */
const inFlight = new Map<string, Promise<unknown>>();
async function oneAtATime<T>(paymentId: string, work: () => Promise<T>): Promise<T> {
  const before = inFlight.get(paymentId) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(work);
  inFlight.set(paymentId, mine);
  try {
    return await mine;
  } finally {
    if (inFlight.get(paymentId) === mine) inFlight.delete(paymentId);
  }
}

/**
 * Reverses a payment the office saw with status `seen` (PaymentChangedError when it has
 * changed since: the answer is a 409 naming the status now).
 */
export async function reverseFromLedger(
  deps: PaymentDeps,
  paymentId: string,
  seen: string,
  actor: Actor,
  reason: string,
): Promise<LedgerReversal> {
  if (!isUuid(paymentId)) throw new HttpError(404, LEDGER_MESSAGES.notFound);
  return oneAtATime(paymentId, async () => {
    const [row] = await deps.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!row) throw new HttpError(404, LEDGER_MESSAGES.notFound);
    if (row.status !== seen) throw new PaymentChangedError(LEDGER_MESSAGES.changed, row.status);
    return reversePaymentRow(deps, row, actor, reason, {
      nothingToCancel: LEDGER_MESSAGES.nothingToReverse,
      nothingToReverse: LEDGER_MESSAGES.nothingToReverse,
      changed: LEDGER_MESSAGES.changed,
    });
  });
}
