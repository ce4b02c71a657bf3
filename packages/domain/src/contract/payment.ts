import { z } from 'zod';
import { PAYMENT_RECORD_STATUSES } from './statuses.js';

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
