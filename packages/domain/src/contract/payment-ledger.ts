import { z } from 'zod';
import { paymentAgreementSchema, paymentDisputeSchema, paymentRefundSchema } from './payment.js';
import { PAYMENT_RECORD_STATUSES } from './statuses.js';

/*
 * The office's payments ledger (docs/api.md "Payments ledger"): every payment of the registry,
 * the withdrawn registrations' too, with filters, a CSV export, reconciliation by day and
 * method, and refunds or voids named by payment.
 */

export const LEDGER_PROVIDERS = ['sandbox', 'stripe', 'offline'] as const;
export const LEDGER_METHODS = ['card', 'bank', 'check', 'cash', 'other'] as const;
/** Methods whose money moves through the payment provider (and so reaches its payouts). */
export const PROVIDER_METHODS = ['card', 'bank'] as const;
export const LEDGER_PAGE_SIZE_MAX = 100;
/** The reconciliation covers at most this many days at once. */
export const RECONCILIATION_MAX_DAYS = 366;

const person = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  memberNumber: z.string().nullable(),
});

export const ledgerEntrySchema = z.object({
  id: z.string(),
  provider: z.enum(LEDGER_PROVIDERS),
  method: z.enum(LEDGER_METHODS),
  /** The provider's payment id (pi_...); null for the office's own records. */
  providerPaymentId: z.string().nullable(),
  amountCents: z.number().int(),
  /** The fee lines this payment pays (`covers`), with their labels and amounts. */
  covers: z.string(),
  lines: z.array(z.object({ key: z.string(), label: z.string(), cents: z.number().int() })),
  status: z.enum(PAYMENT_RECORD_STATUSES),
  /**
   * Money returned so far (refunds pending or done); a partial refund leaves the payment
   * `succeeded` and the horse paid, a full one makes it `refunded`.
   */
  refundedCents: z.number().int(),
  /** Every refund of it, oldest first, failed ones too. */
  refunds: z.array(paymentRefundSchema),
  /** The card network's dispute or inquiry, if there was one. */
  dispute: paymentDisputeSchema.nullable(),
  /** What the payer agreed to; null for the office's own records (check, cash, other). */
  agreement: paymentAgreementSchema.nullable(),
  failureMessage: z.string().nullable(),
  reversalReason: z.string().nullable(),
  /** The office's check number or receipt reference (office payments only). */
  reference: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who paid (the horse's owner at the time); null once that account was deleted. */
  payer: person.nullable(),
  /** The administrator who recorded or charged it; null when the member paid. */
  recordedBy: person.omit({ memberNumber: true }).nullable(),
  /**
   * The registration paid for. `deleted`: withdrawn since, named from the audit log (`id` is
   * the old horse id, `name` empty when nothing names it).
   */
  horse: z.object({
    id: z.string().nullable(),
    name: z.string(),
    registrationNumber: z.string().nullable(),
    deleted: z.boolean(),
  }),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const reconciliationRowSchema = z.object({
  /** YYYY-MM-DD in the asked time zone. */
  day: z.string(),
  method: z.enum(LEDGER_METHODS),
  /** Payments made that day that went through (succeeded, later refunded or disputed). */
  payments: z.number().int(),
  grossCents: z.number().int(),
  /** Refunded that day (also of payments made earlier). */
  refunds: z.number().int(),
  refundedCents: z.number().int(),
  /** Disputes opened that day and not yet closed. */
  disputes: z.number().int(),
  disputedCents: z.number().int(),
  netCents: z.number().int(),
});
export type ReconciliationRow = z.infer<typeof reconciliationRowSchema>;

const totalsSchema = reconciliationRowSchema.omit({ day: true, method: true });
export type ReconciliationTotals = z.infer<typeof totalsSchema>;

export const reconciliationSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  rows: z.array(reconciliationRowSchema),
  /** Every method. */
  totals: totalsSchema,
  /** Card and bank only: what the provider should have paid out, before its own fees. */
  providerTotals: totalsSchema,
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/** What refunding, voiding or canceling a payment from the ledger did. */
export const LEDGER_REVERSALS = ['canceled', 'voided', 'refunded'] as const;
export type LedgerReversal = (typeof LEDGER_REVERSALS)[number];

/**
 * The reversal a payment in `status` from `provider` allows, if any: a payment waiting for the
 * payer is canceled, one the office recorded is voided, a provider payment that went through
 * is refunded. The ledger's row action and the API's route agree through this one function.
 */
export function reversalFor(payment: { provider: string; status: string }): LedgerReversal | null {
  if (payment.status === 'requires_action') return 'canceled';
  if (payment.status === 'succeeded' && payment.provider === 'offline') return 'voided';
  if (payment.status === 'succeeded' || payment.status === 'disputed') {
    return payment.provider === 'offline' ? null : 'refunded';
  }
  return null;
}

export const LEDGER_MESSAGES = {
  notFound: 'Payment not found',
  canceled: 'Payment canceled',
  statusRequired: 'Name the payment status you saw.',
  changed: 'This payment changed since you looked at it. Check it again.',
  nothingToReverse: 'This payment cannot be refunded, voided or canceled.',
  badDate: 'Use a date as YYYY-MM-DD',
  badRange: 'The end date is before the start date',
  rangeTooLong: `Choose at most ${RECONCILIATION_MAX_DAYS} days`,
  badTimeZone: 'Unknown time zone',
} as const;
