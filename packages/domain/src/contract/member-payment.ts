import { z } from 'zod';
import { paymentAgreementSchema, paymentDisputeSchema, paymentRefundSchema } from './payment.js';
import { PAYMENT_RECORD_STATUSES } from './statuses.js';

/**
 * A member's own payment as "My payments" lists it (docs/api.md "My payments"): what was paid
 * for which horse, and whether a receipt exists (money moved: paid, refunded or disputed).
 */
export const memberPaymentSchema = z.object({
  id: z.string(),
  /** The horse paid for; `deleted` when the registration was withdrawn since (name kept). */
  horse: z.object({ id: z.string().nullable(), name: z.string(), deleted: z.boolean() }),
  method: z.string(),
  amountCents: z.number().int(),
  lines: z.array(z.object({ label: z.string(), cents: z.number().int() })),
  status: z.enum(PAYMENT_RECORD_STATUSES),
  /** Money returned so far; a partial refund leaves the payment `succeeded`. */
  refundedCents: z.number().int(),
  /** Its refunds, oldest first, failed ones too. */
  refunds: z.array(paymentRefundSchema),
  dispute: paymentDisputeSchema.nullable(),
  /** What the member agreed to with it (the terms, and for a bank debit the authorisation). */
  agreement: paymentAgreementSchema.nullable(),
  reversalReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  receipt: z.boolean(),
});
export type MemberPayment = z.infer<typeof memberPaymentSchema>;

/** Payment states for which money moved, so a receipt (or a refund receipt) can be printed. */
export const RECEIPT_STATUSES = ['succeeded', 'refunded', 'disputed'] as const;

export const RECEIPT_MESSAGES = {
  notFound: 'Payment not found',
  noReceipt: 'A receipt exists once the payment has gone through.',
} as const;
