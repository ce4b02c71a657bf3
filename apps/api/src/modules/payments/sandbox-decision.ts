import { PAYMENT_MESSAGES } from '@registry/domain';
import type { PaymentRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import type { PaymentDeps } from './service.js';
import { applyPaymentUpdate, paymentByProviderId } from './settle.js';

/** The sandbox payment behind a payment intent id (404 for any other provider's). */
export async function sandboxPayment(
  deps: Pick<PaymentDeps, 'db'>,
  paymentIntentId: string,
): Promise<PaymentRow> {
  const row = await paymentByProviderId(deps.db, paymentIntentId);
  if (!row || row.provider !== 'sandbox')
    throw new HttpError(404, PAYMENT_MESSAGES.paymentNotFound);
  return row;
}

/**
 * The sandbox page's answer, settled as a provider's would be (in one transaction, the mail
 * worker woken when a message was queued).
 */
export async function decideSandboxPayment(
  deps: Omit<PaymentDeps, 'log'>,
  paymentId: string,
  decision: 'approve' | 'decline',
): Promise<void> {
  const applied = await deps.db.transaction((tx) =>
    applyPaymentUpdate(
      tx,
      paymentId,
      decision === 'approve'
        ? { status: 'succeeded', source: 'sandbox' }
        : {
            status: 'failed',
            failureMessage: PAYMENT_MESSAGES.authenticationDeclined,
            source: 'sandbox',
          },
      deps,
    ),
  );
  if (applied?.mailQueued) deps.onMailQueued?.();
}
