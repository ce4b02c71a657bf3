import { useState, type ReactNode } from 'react';
import { CAlert, CButton, CSpinner, CTableDataCell, CTableHeaderCell } from '@coreui/react';
import { formatUsd, type MemberTransfer } from '@registry/domain';
import { TableOrCards } from '../../components/data-table';
import { TransferBadge } from '../../components/transfer-badge';
import { formatDaySlashed } from '../../lib/format';
import { useToast } from '../../stores/use-toast';
import { lazyDialog, preloadAll } from '../../components/lazy-dialog';
import { useMemberTransfers, useTransferSettings } from './member-transfers-api';

/** Fetched on intent, like the queue's own dialogs (horse-approvals-page). */
const MemberTransferDialog = lazyDialog(
  () => import('./member-transfer-dialog').then((m) => m.MemberTransferDialog),
  'Opening the transfer',
  (props) => props.transferId !== null,
);
const TransferSettingsDialog = lazyDialog(
  () => import('./transfer-settings-dialog').then((m) => m.TransferSettingsDialog),
  'Opening the transfer settings',
);
const preloadDialogs = preloadAll(MemberTransferDialog, TransferSettingsDialog);

function feeOf(transfer: MemberTransfer): string {
  if (transfer.feeCents === 0) return 'No fee';
  const state = transfer.payment?.status === 'succeeded' ? 'paid' : 'not paid';
  return `${formatUsd(transfer.feeCents)} (${transfer.feePayer}), ${state}`;
}

/** One transfer's cells in the table (tablets and wider); `review` is its Review button. */
function TransferRow({ transfer, review }: { transfer: MemberTransfer; review: ReactNode }) {
  return (
    <>
      <CTableHeaderCell scope="row">
        {transfer.horse.name}
        {transfer.horse.registrationNumber && (
          <span className="d-block small text-body-secondary">
            {transfer.horse.registrationNumber}
          </span>
        )}
      </CTableHeaderCell>
      <CTableDataCell>{transfer.seller.name}</CTableDataCell>
      <CTableDataCell>
        {transfer.buyer.name}
        {!transfer.buyer.id && <span className="d-block small text-body-secondary">invited</span>}
      </CTableDataCell>
      <CTableDataCell>{transfer.saleDate}</CTableDataCell>
      <CTableDataCell>{feeOf(transfer)}</CTableDataCell>
      <CTableDataCell>
        <TransferBadge status={transfer.status} />
        <span className="d-block small text-body-secondary">
          {formatDaySlashed(transfer.updatedAt)}
        </span>
      </CTableDataCell>
      <CTableDataCell className="text-end">{review}</CTableDataCell>
    </>
  );
}

/** One transfer's card (phones). */
function TransferCard({ transfer, review }: { transfer: MemberTransfer; review: ReactNode }) {
  return (
    <>
      <h3 className="h6 mb-1">{transfer.horse.name}</h3>
      <p className="small text-body-secondary mb-2">
        {transfer.seller.name} to {transfer.buyer.name} · Sale date {transfer.saleDate} ·{' '}
        {feeOf(transfer)}
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <TransferBadge status={transfer.status} />
        <div className="ms-auto">{review}</div>
      </div>
    </>
  );
}

/**
 * The queue's member transfers (issue 31 item 1): open ones, or all, with the step each waits
 * for; Review opens the transfer with both signatures and the payment. The association's
 * transfer settings are changed here too.
 */
export function MemberTransfersSection() {
  const toast = useToast();
  const [scope, setScope] = useState<'open' | 'all'>('open');
  const query = useMemberTransfers(scope);
  const settings = useTransferSettings();
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // Read defensively: an answer of another shape shows as no transfers, not as a crash.
  const transfers = Array.isArray(query.data) ? query.data : [];
  const terms = typeof settings.data?.feeCents === 'number' ? settings.data : undefined;
  const review = (transfer: MemberTransfer) => (
    <CButton size="sm" color="primary" variant="outline" onClick={() => setReviewing(transfer.id)}>
      Review transfer
      <span className="visually-hidden"> of {transfer.horse.name}</span>
    </CButton>
  );

  return (
    <section
      aria-labelledby="member-transfers-title"
      className="mt-4"
      onPointerOverCapture={preloadDialogs}
      onFocusCapture={preloadDialogs}
    >
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="member-transfers-title" className="h5 mb-0 me-auto">
          Member transfers
        </h2>
        <CButton
          size="sm"
          color="secondary"
          variant="outline"
          onClick={() => setScope(scope === 'open' ? 'all' : 'open')}
        >
          {scope === 'open' ? 'Show all transfers' : 'Show open transfers'}
        </CButton>
        <CButton size="sm" color="primary" variant="outline" onClick={() => setSettingsOpen(true)}>
          Transfer settings
        </CButton>
      </div>
      {terms && (
        <p className="small text-body-secondary">
          Fee {formatUsd(terms.feeCents)}, paid by the {terms.payer};{' '}
          {terms.autoApprove
            ? 'signed, paid transfers are approved automatically.'
            : 'the office approves each transfer.'}
        </p>
      )}
      {query.loading && !query.data && (
        <p className="d-flex align-items-center gap-2" role="status">
          <CSpinner size="sm" aria-hidden="true" /> Loading the transfers…
        </p>
      )}
      {query.error && (
        <CAlert color="danger">
          The transfers could not be loaded.{' '}
          <CButton color="link" className="p-0 align-baseline" onClick={query.reload}>
            Retry
          </CButton>
        </CAlert>
      )}
      {query.data && transfers.length === 0 && !query.error && (
        <p className="text-body-secondary">
          {scope === 'open'
            ? 'No open transfers. When an owner starts a transfer, it shows here.'
            : 'No transfers yet.'}
        </p>
      )}
      {transfers.length > 0 && (
        <TableOrCards
          label="Member transfers"
          columns={['Horse', 'Seller', 'Buyer', 'Sale date', 'Fee', 'Status']}
          actions
          busy={query.loading}
          items={transfers}
          keyOf={(transfer) => transfer.id}
          row={(transfer) => <TransferRow transfer={transfer} review={review(transfer)} />}
          card={(transfer) => <TransferCard transfer={transfer} review={review(transfer)} />}
        />
      )}
      <MemberTransferDialog
        transferId={reviewing}
        onClose={() => setReviewing(null)}
        onDone={(message) => {
          toast.success(message);
          setReviewing(null);
        }}
      />
      <TransferSettingsDialog
        settings={terms}
        visible={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        onDone={(message) => {
          toast.success(message);
          setSettingsOpen(false);
        }}
      />
    </section>
  );
}
