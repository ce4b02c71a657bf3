/**
 * The status lists of horses and payments. The API's answers, the database columns and their
 * SQL checks (apps/api/src/db/schema.ts) and the web's badges all take them from here.
 */
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const PAYMENT_STATUSES = [
  'unpaid',
  'processing',
  'requires_action',
  'paid',
  'failed',
  'refunded',
  'disputed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * A payment attempt's state: Stripe's PaymentIntent states that matter to us, `failed` for a
 * refused charge, and after success `refunded` or `disputed` (money returned or held).
 */
export const PAYMENT_RECORD_STATUSES = [
  'requires_action',
  'processing',
  'succeeded',
  'failed',
  'canceled',
  'refunded',
  'disputed',
] as const;
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];

/**
 * A refund's state at the provider (Stripe's Refund statuses). `pending` and `requires_action`
 * refunds count as returned money until they fail; `failed` and `canceled` ones give it back
 * (docs/api.md "Payments: undoing").
 */
export const REFUND_STATUSES = [
  'pending',
  'requires_action',
  'succeeded',
  'failed',
  'canceled',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
