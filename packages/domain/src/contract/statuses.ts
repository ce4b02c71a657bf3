/**
 * The status lists of a horse. The API's answers, the database columns and their SQL checks
 * (apps/api/src/db/schema.ts) and the web's badges all take them from here.
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
