import { Suspense } from 'react';
import { OpeningSpinner } from '../../components/opening-spinner';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import type { AdminPaymentDialogProps } from './admin-payment-dialog';

const AdminPaymentDialog = lazyWithPreload(async () => ({
  default: (await import('./admin-payment-dialog')).AdminPaymentDialog,
}));

/**
 * The office's payment dialog, its code fetched when it first opens, not with the Horse List:
 * with react-hook-form, zod, the domain's payment schemas and the card entry it was about 35 KB
 * of the list's first load (docs/decisions/0062-code-fetched-on-intent.md).
 */
export function LazyAdminPaymentDialog(props: AdminPaymentDialogProps) {
  if (!props.horse || !props.mode) return null;
  return (
    <Suspense fallback={<OpeningSpinner label="Opening the payment dialog…" />}>
      <AdminPaymentDialog {...props} />
    </Suspense>
  );
}
