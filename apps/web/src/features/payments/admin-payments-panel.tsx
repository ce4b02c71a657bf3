import { useState } from 'react';
import { CButton } from '@coreui/react';
import { formatUsd } from '@registry/domain';
import { formatDate } from '../../lib/format';
import type { PaymentStatus } from '../../lib/horse-types';
import { queryState, serverApi } from '../../stores/server-api';
import { useToast } from '../../stores/use-toast';
import { adminPaymentModeFor } from './admin-payment-mode';
import { LazyAdminPaymentDialog } from './lazy-admin-payment-dialog';
import { useStaffMay } from '../../stores/use-staff-role';

interface PaymentView {
  id: string;
  provider: string;
  method: string;
  amountCents: number;
  status: string;
  reference: string | null;
  reversalReason: string | null;
  mandate: Record<string, unknown> | null;
  createdAt: string;
}

const paymentsApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    horsePayments: build.query<PaymentView[], string>({
      query: (horseId) => `admin/payments/${encodeURIComponent(horseId)}`,
      providesTags: ['Payment'],
    }),
  }),
});

/**
 * A horse's payments in its record (docs/api.md "Payments"): each with its reversal reason and,
 * for a bank debit, the authorisation the payer gave; plus Record / Undo payment.
 */
export function AdminPaymentsPanel({
  horse,
}: {
  horse: {
    id: string;
    name: string;
    paymentStatus: PaymentStatus;
    performanceVerification?: string;
    feesPaid?: readonly string[];
  };
}) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const query = queryState(paymentsApi.useHorsePaymentsQuery(horse.id));
  // Record and undo are for the roles that handle payments; the others see the payments only.
  const mode = useStaffMay('payments') ? adminPaymentModeFor(horse.paymentStatus) : null;
  return (
    <section aria-label="Payments" className="mt-4">
      <h3 className="h6 border-bottom pb-1">Payments</h3>
      {query.error && <p className="text-danger small">{query.error.error}</p>}
      {query.data?.length === 0 && <p className="small text-body-secondary">No payments yet.</p>}
      <ul className="list-unstyled small">
        {query.data?.map((payment) => (
          <li key={payment.id} className="mb-2">
            <strong>{formatUsd(payment.amountCents)}</strong> {payment.method} ({payment.status}
            ), {formatDate(payment.createdAt, 'date') ?? ''}
            {payment.reference && <> · {payment.reference}</>}
            {payment.reversalReason && <div>Reason: {payment.reversalReason}</div>}
            {payment.mandate && (
              <details>
                <summary>Debit authorisation</summary>
                <div>
                  Agreed {String(payment.mandate.acceptedAt)} from {String(payment.mandate.ip)} by{' '}
                  {String(payment.mandate.accountHolderName)} (text{' '}
                  {String(payment.mandate.version)})
                </div>
                <blockquote className="mb-0 fst-italic">{String(payment.mandate.text)}</blockquote>
              </details>
            )}
          </li>
        ))}
      </ul>
      {mode && (
        <CButton
          size="sm"
          color={mode === 'record' ? 'primary' : 'danger'}
          variant="outline"
          onClick={() => setOpen(true)}
        >
          {mode === 'record' ? 'Record payment' : 'Undo payment'}
        </CButton>
      )}
      <LazyAdminPaymentDialog
        horse={open ? horse : null}
        mode={open ? mode : null}
        onClose={() => setOpen(false)}
        onDone={(message) => {
          toast.success(message);
          setOpen(false);
        }}
      />
    </section>
  );
}
