import { z } from 'zod';
import { PAYMENT_RECORD_STATUSES, REFUND_STATUSES } from './statuses.js';

/** A payment as administrators see it (docs/api.md "Payments"); no card or account number exists to show. */
export const paymentSchema = z.object({
  id: z.string(),
  provider: z.string(),
  method: z.string(),
  providerPaymentId: z.string().nullable(),
  amountCents: z.number().int(),
  status: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  failureMessage: z.string().nullable(),
  reversalReason: z.string().nullable(),
  recordedById: z.string().nullable(),
  /** The ACH authorisation kept with a bank debit; null otherwise. */
  mandate: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A payment-process call that charged or recorded (its answer sits at the top level, not in data). */
export const paymentProcessAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  url: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  paymentStatus: z.enum(PAYMENT_RECORD_STATUSES),
  /**
   * Stripe, requires_action: for `stripe.handleNextAction` in the payer's page (3-D Secure in
   * Stripe's own modal, no popup). Absent otherwise.
   */
  clientSecret: z.string().optional(),
  /** The bank account is verified by microdeposits: emailed, nothing to poll (issue 17 item 4). */
  nextAction: z.literal('verify_with_microdeposits').optional(),
});
export type PaymentProcessAnswer = z.infer<typeof paymentProcessAnswerSchema>;

/** A payment-process call whose charge the provider declined (402). */
export const paymentDeclinedAnswerSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  paymentIntentId: z.string().nullable(),
});
export type PaymentDeclinedAnswer = z.infer<typeof paymentDeclinedAnswerSchema>;

/** A refund of a payment (the office's, or one made in the provider's dashboard). */
export const paymentRefundSchema = z.object({
  /** The provider's refund id (Stripe `re_...`, the sandbox's `re_sandbox_...`). */
  id: z.string(),
  amountCents: z.number().int(),
  status: z.enum(REFUND_STATUSES),
  /** Why the provider could not return the money (a failed refund), when it says. */
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

/** The card network's dispute or inquiry on a payment, as the provider last reported it. */
export const paymentDisputeSchema = z.object({
  /** Stripe's dispute status: `needs_response`, `warning_closed`, `won`, `lost`, ... */
  status: z.string(),
  /** What the dispute is for (it may be less than the payment). */
  amountCents: z.number().int().nullable(),
  /** The payment's side of it: still open, closed with the money kept, or lost. */
  outcome: z.enum(['open', 'kept', 'lost']),
});
export type PaymentDispute = z.infer<typeof paymentDisputeSchema>;

/**
 * What the payer agreed to with a payment (issue 33 §3): the terms checkbox of every card and
 * bank payment, and for a bank debit the ACH authorisation and whether it still stands.
 */
export const paymentAgreementSchema = z.object({
  checkedAgreement: z.boolean(),
  /** The terms version shown (domain TERMS_VERSION); null on payments made before it was kept. */
  termsVersion: z.string().nullable(),
  /** The ACH authorisation's version (bank debits only). */
  mandateVersion: z.string().nullable(),
  /** `revoked`: the bank or the payer withdrew the authorisation since (Stripe `mandate.updated`). */
  mandateStatus: z.enum(['active', 'revoked']).nullable(),
  acceptedAt: z.string().nullable(),
  /** `office`: an administrator took it by phone or on paper. */
  acceptance: z.enum(['online', 'office']),
});
export type PaymentAgreement = z.infer<typeof paymentAgreementSchema>;
