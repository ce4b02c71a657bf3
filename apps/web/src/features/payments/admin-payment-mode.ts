import type { PaymentStatus } from '../../lib/horse-types';

/**
 * What the lists need to offer the office's payment dialog, without its code: the dialog
 * (react-hook-form, the domain's payment schemas, the card entry) loads when it opens
 * (lazy-admin-payment-dialog.tsx).
 */
export type AdminPaymentMode = 'record' | 'undo';

/** Which administrator payment action a horse's payment status allows. */
export function adminPaymentModeFor(status: PaymentStatus): AdminPaymentMode | null {
  if (status === 'unpaid' || status === 'failed' || status === 'refunded') return 'record';
  if (status === 'paid' || status === 'requires_action' || status === 'disputed') return 'undo';
  return null;
}

export interface AdminPaymentTarget {
  id: string;
  name: string;
  paymentStatus: PaymentStatus;
  /** Prices the amount shown; the server prices the payment itself from the stored horse. */
  performanceVerification?: string;
  /** Fee lines already paid: the amount shown is what is left (the server computes the same). */
  feesPaid?: readonly string[];
}
