import type { PaymentAgreement, PaymentDispute, PaymentRefund } from '../contract/payment.js';
import { formatUsd } from '../horse/fees.js';

/** What a dispute status means to the office and the member, in a few words. */
const DISPUTE_WORDS: Record<string, string> = {
  warning_needs_response: 'card issuer inquiry: answer it',
  warning_under_review: 'card issuer inquiry under review',
  warning_closed: 'card issuer inquiry closed, no chargeback',
  needs_response: 'disputed: evidence due',
  under_review: 'dispute under review',
  won: 'dispute won',
  lost: 'dispute lost: the amount went back to the cardholder',
  prevented: 'dispute prevented',
  appeal_needs_response: 'lost dispute appealed: evidence due',
  appeal_under_review: 'appeal under review',
};

/**
 * The short notes shown under a payment's status in the office's ledger and in My payments
 * (issue 33 §3): a partial refund, a refund that failed, a dispute's state, a revoked bank
 * authorisation.
 */
export function paymentNotes(payment: {
  status: string;
  amountCents: number;
  refundedCents: number;
  refunds: Pick<PaymentRefund, 'amountCents' | 'status'>[];
  dispute: Pick<PaymentDispute, 'status'> | null;
  agreement: Pick<PaymentAgreement, 'mandateStatus'> | null;
}): string[] {
  const notes: string[] = [];
  if (payment.refundedCents > 0 && payment.refundedCents < payment.amountCents) {
    notes.push(`${formatUsd(payment.refundedCents)} of ${formatUsd(payment.amountCents)} refunded`);
  }
  for (const refund of payment.refunds) {
    if (refund.status === 'failed') {
      notes.push(`a refund of ${formatUsd(refund.amountCents)} failed`);
    }
  }
  if (payment.dispute) {
    notes.push(DISPUTE_WORDS[payment.dispute.status] ?? `dispute: ${payment.dispute.status}`);
  }
  if (payment.agreement?.mandateStatus === 'revoked') notes.push('bank authorization revoked');
  return notes;
}
