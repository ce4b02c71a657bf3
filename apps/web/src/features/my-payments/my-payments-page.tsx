import { CTableDataCell, CTableHeaderCell } from '@coreui/react';
import {
  formatUsd,
  paymentNotes,
  type MemberPayment,
  type PaymentRecordStatus,
} from '@registry/domain';
import { TableOrCards } from '../../components/data-table';
import { DownloadButton } from '../../components/download-button';
import { EmptyState } from '../../components/empty-state';
import { ListStates } from '../../components/list-states';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badges';
import { formatDaySlashed } from '../../lib/format';
import { ROUTES } from '../../lib/routes';
import { useMyPayments } from './api';

type Tone = Parameters<typeof StatusBadge>[0]['tone'];

/** A payment attempt's state as a member reads it. */
const STATUS: Record<PaymentRecordStatus, [string, Tone]> = {
  requires_action: ['Waiting for you', 'warning'],
  processing: ['Processing', 'info'],
  succeeded: ['Paid', 'success'],
  failed: ['Failed', 'danger'],
  canceled: ['Canceled', 'secondary'],
  refunded: ['Refunded', 'secondary'],
  disputed: ['Disputed', 'warning'],
};

const METHOD: Record<string, string> = {
  card: 'Card',
  bank: 'Bank account',
  check: 'Check',
  cash: 'Cash',
  other: 'Other',
};

function PaymentStatus({ status }: { status: PaymentRecordStatus }) {
  const [text, tone] = STATUS[status] ?? [status, 'secondary'];
  return <StatusBadge text={text} tone={tone} />;
}

function horseOf(payment: MemberPayment): string {
  return payment.horse.deleted ? `${payment.horse.name} (withdrawn)` : payment.horse.name;
}

function feesOf(payment: MemberPayment): string {
  return payment.lines.map((line) => line.label).join(', ') || 'Fees';
}

function ReceiptButton({ payment }: { payment: MemberPayment }) {
  if (!payment.receipt) return null;
  return (
    <DownloadButton
      color="primary"
      url={`members/payments/${encodeURIComponent(payment.id)}/receipt.pdf`}
      fileName={`receipt-${payment.id}.pdf`}
    >
      Receipt
      <span className="visually-hidden">
        {' '}
        for {horseOf(payment)}, {formatDaySlashed(payment.createdAt)}
      </span>
    </DownloadButton>
  );
}

/** One payment's cells in the table (tablets and wider). */
function PaymentRow({ payment }: { payment: MemberPayment }) {
  return (
    <>
      <CTableDataCell>{formatDaySlashed(payment.createdAt)}</CTableDataCell>
      <CTableHeaderCell scope="row">{horseOf(payment)}</CTableHeaderCell>
      <CTableDataCell>{feesOf(payment)}</CTableDataCell>
      <CTableDataCell>{METHOD[payment.method] ?? payment.method}</CTableDataCell>
      <CTableDataCell className="text-end">{formatUsd(payment.amountCents)}</CTableDataCell>
      <CTableDataCell>
        <PaymentStatus status={payment.status} />
        {payment.reversalReason && (
          <div className="small text-body-secondary">{payment.reversalReason}</div>
        )}
        <Notes payment={payment} />
      </CTableDataCell>
      <CTableDataCell className="text-end">
        <ReceiptButton payment={payment} />
      </CTableDataCell>
    </>
  );
}

/** A partial or failed refund, a dispute, a revoked bank authorisation (issue 33 §3). */
function Notes({ payment }: { payment: MemberPayment }) {
  const notes = paymentNotes(payment);
  if (notes.length === 0) return null;
  return <div className="small text-body-secondary">{notes.join('; ')}</div>;
}

/** One payment's card (phones). */
function PaymentCard({ payment }: { payment: MemberPayment }) {
  return (
    <>
      <h2 className="h6 mb-1">{horseOf(payment)}</h2>
      <p className="small mb-2">
        {formatDaySlashed(payment.createdAt)} · {feesOf(payment)} ·{' '}
        <strong>{formatUsd(payment.amountCents)}</strong> ·{' '}
        <PaymentStatus status={payment.status} />
      </p>
      <Notes payment={payment} />
      <ReceiptButton payment={payment} />
    </>
  );
}

/** The payments as a table on tablets and wider, as cards on phones. */
function Payments({ payments }: { payments: MemberPayment[] }) {
  return (
    <TableOrCards
      label="My payments"
      columns={['Date', 'Horse', 'Fees', 'Method', 'Amount', 'Status']}
      actions
      items={payments}
      keyOf={(payment) => payment.id}
      row={(payment) => <PaymentRow payment={payment} />}
      card={(payment) => <PaymentCard payment={payment} />}
    />
  );
}

/** Every payment of the member with its receipt (issue 29 §2). */
export default function MyPaymentsPage() {
  const query = useMyPayments();
  const payments = query.data ?? [];
  return (
    <>
      <PageHeader
        title={ROUTES.myPayments.title}
        lead="Every payment for your horses, with a receipt for each one that went through."
      />
      <ListStates
        query={query}
        count={payments.length}
        errorLead="Your payments could not be loaded"
        loadingLabel="Loading your payments…"
        empty={
          <EmptyState title="No payments yet">
            Payments for your registrations appear here, each with its receipt.
          </EmptyState>
        }
      >
        <Payments payments={payments} />
      </ListStates>
    </>
  );
}
