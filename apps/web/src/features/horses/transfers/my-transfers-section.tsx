import { lazy, Suspense, useState } from 'react';
import {
  CAlert,
  CButton,
  CCard,
  CCardBody,
  CCardHeader,
  CFormTextarea,
  CSpinner,
} from '@coreui/react';
import { formatUsd, type MemberTransfer } from '@registry/domain';
import { LazyConfirmDialog } from '../../../components/lazy-confirm-dialog';
import type { ApiError } from '../../../lib/api-client';
import type { QueryState } from '../../../stores/server-api';
import { useInvalidate } from '../../../stores/server-api';
import { useToast } from '../../../stores/use-toast';
import { lazyDialog } from '../../../components/lazy-dialog';
import { TransferBadge } from '../../../components/transfer-badge';
import { useCancelFeePayment, useCloseTransfer, type MyTransfers } from './transfers-api';

/**
 * The buyer's acceptance, with its signature pad: fetched when a pointer or focus enters the
 * section (or when opened), not with My Horses (docs/decisions/0118-intl-formatters-on-first-use.md).
 */
const AcceptTransferDialog = lazyDialog(
  () => import('./accept-transfer-dialog').then((m) => m.AcceptTransferDialog),
  'Opening the transfer',
  (props) => props.transfer !== null,
);
const preloadAccept = () => void AcceptTransferDialog.preload();

/** The payment dialog of My Horses, for the transfer fee: its own chunk, as for horses. */
const PayDialog = lazy(() => import('../my-horses-pay-dialog'));

const OPEN = new Set(['awaiting_buyer', 'awaiting_payment', 'awaiting_office']);

function counterpart(transfer: MemberTransfer): string {
  return transfer.role === 'seller'
    ? `To ${transfer.buyer.name}${transfer.buyer.id ? '' : ' (invited to join)'}`
    : `From ${transfer.seller.name}`;
}

function feeLine(transfer: MemberTransfer): string {
  if (transfer.feeCents === 0) return 'No transfer fee';
  const payer = transfer.feePayer === transfer.role ? 'you' : `the ${transfer.feePayer}`;
  const paid = transfer.payment?.status === 'succeeded' ? ', paid' : '';
  const state =
    transfer.payment && transfer.payment.status !== 'succeeded'
      ? `, payment ${transfer.payment.status.replace('_', ' ')}`
      : '';
  return `Fee ${formatUsd(transfer.feeCents)} paid by ${payer}${paid}${state}`;
}

type Closing = { transfer: MemberTransfer; how: 'decline' | 'cancel' };

/**
 * My Horses: Transfers. Each transfer the member sells or buys, its status, and the member's
 * next step: accept or decline (buyer), pay the fee (the party the association chose), cancel
 * (either, until the office decides). On phones the rows are cards already.
 */
export function MyTransfersSection({ query }: { query: QueryState<MyTransfers> }) {
  const toast = useToast();
  const invalidate = useInvalidate();
  const closeTransfer = useCloseTransfer();
  const cancelFeePayment = useCancelFeePayment();
  const [accepting, setAccepting] = useState<MemberTransfer | null>(null);
  const [paying, setPaying] = useState<MemberTransfer | null>(null);
  const [closing, setClosing] = useState<Closing | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const transfers = Array.isArray(query.data?.transfers) ? query.data.transfers : [];

  /** The fee payment waiting for approval goes; then the Pay dialog opens again. */
  async function payAnotherWay(transfer: MemberTransfer) {
    try {
      const answer = await cancelFeePayment(transfer.id).unwrap();
      toast.info(answer.message ?? 'Payment canceled');
      setPaying(transfer);
    } catch (caught) {
      toast.danger((caught as ApiError).error);
    }
  }

  async function confirmClose() {
    if (!closing) return;
    setBusy(true);
    try {
      const answer = await closeTransfer({
        id: closing.transfer.id,
        how: closing.how,
        version: closing.transfer.version,
        reason,
      }).unwrap();
      toast.success(answer.message ?? 'Transfer closed');
      setClosing(null);
    } catch (caught) {
      toast.danger((caught as ApiError).error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <CCard
      className="mb-4"
      aria-labelledby="my-transfers-title"
      onPointerOverCapture={preloadAccept}
      onFocusCapture={preloadAccept}
    >
      <CCardHeader as="h2" className="h6 mb-0 py-3" id="my-transfers-title">
        Transfers
      </CCardHeader>
      <CCardBody>
        {query.loading && !query.data && (
          <p className="mb-0 d-flex align-items-center gap-2" role="status">
            <CSpinner size="sm" aria-hidden="true" /> Loading your transfers…
          </p>
        )}
        {query.error && (
          <CAlert color="danger" className="mb-0">
            Your transfers could not be loaded.{' '}
            <CButton color="link" className="p-0 align-baseline" onClick={query.reload}>
              Retry
            </CButton>
          </CAlert>
        )}
        {query.data && transfers.length === 0 && (
          <p className="mb-0 text-body-secondary">
            No transfers. To sell an approved horse, choose Transfer on its row below.
          </p>
        )}
        {transfers.length > 0 && (
          <ul className="list-unstyled mb-0" aria-label="My transfers">
            {transfers.map((transfer) => (
              <li key={transfer.id} className="border rounded p-3 mb-2">
                <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
                  <h3 className="h6 mb-0">{transfer.horse.name}</h3>
                  <TransferBadge status={transfer.status} />
                </div>
                <p className="small text-body-secondary mb-2">
                  {counterpart(transfer)} · Sale date {transfer.saleDate} · {feeLine(transfer)}
                  {transfer.reason && ` · Reason: ${transfer.reason}`}
                </p>
                <TransferActions
                  transfer={transfer}
                  onAccept={setAccepting}
                  onPay={setPaying}
                  onPayAnotherWay={(target) => void payAnotherWay(target)}
                  onClose={(how) => {
                    setReason('');
                    setClosing({ transfer, how });
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </CCardBody>

      <AcceptTransferDialog
        transfer={accepting}
        onClose={() => setAccepting(null)}
        onDone={(message) => {
          toast.success(message);
          setAccepting(null);
        }}
      />

      {paying && (
        <Suspense fallback={null}>
          <PayDialog
            transfer={{
              transferId: paying.id,
              horseName: paying.horse.name,
              feeCents: paying.feeCents,
            }}
            onClose={() => setPaying(null)}
            onFinished={() => {
              setPaying(null);
              invalidate('Transfer', 'Horse', 'Payment');
            }}
          />
        </Suspense>
      )}

      <LazyConfirmDialog
        visible={closing !== null}
        title={closing?.how === 'decline' ? 'Decline transfer' : 'Cancel transfer'}
        confirmLabel={closing?.how === 'decline' ? 'Decline transfer' : 'Cancel transfer'}
        confirmColor="danger"
        busy={busy}
        onConfirm={() => void confirmClose()}
        onCancel={() => setClosing(null)}
      >
        {closing && (
          <>
            <p>
              {closing.how === 'decline'
                ? `Decline the transfer of ${closing.transfer.horse.name}? The seller is told by email.`
                : `Cancel the transfer of ${closing.transfer.horse.name}? The other party is told by email.`}
              {closing.transfer.payment?.status === 'succeeded' &&
                ' The fee already paid is refunded by the registry office.'}
            </p>
            <label htmlFor="transfer-close-reason" className="form-label">
              Reason (optional)
            </label>
            <CFormTextarea
              id="transfer-close-reason"
              rows={2}
              maxLength={1000}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
            />
          </>
        )}
      </LazyConfirmDialog>
    </CCard>
  );
}

function TransferActions({
  transfer,
  onAccept,
  onPay,
  onPayAnotherWay,
  onClose,
}: {
  transfer: MemberTransfer;
  onAccept: (transfer: MemberTransfer) => void;
  onPay: (transfer: MemberTransfer) => void;
  onPayAnotherWay: (transfer: MemberTransfer) => void;
  onClose: (how: 'decline' | 'cancel') => void;
}) {
  if (!OPEN.has(transfer.status)) return null;
  const name = <span className="visually-hidden"> {transfer.horse.name}</span>;
  const payment = transfer.payment?.status;
  const mayPay =
    transfer.status === 'awaiting_payment' &&
    transfer.feePayer === transfer.role &&
    payment !== 'processing' &&
    payment !== 'requires_action';
  return (
    <div className="d-flex flex-wrap gap-1">
      {transfer.role === 'buyer' && transfer.status === 'awaiting_buyer' && (
        <>
          <CButton size="sm" color="primary" onClick={() => onAccept(transfer)}>
            Accept{name}
          </CButton>
          <CButton size="sm" color="secondary" variant="outline" onClick={() => onClose('decline')}>
            Decline{name}
          </CButton>
        </>
      )}
      {transfer.status === 'awaiting_payment' &&
        transfer.feePayer === transfer.role &&
        payment === 'requires_action' && (
          <CButton
            size="sm"
            color="warning"
            variant="outline"
            onClick={() => onPayAnotherWay(transfer)}
          >
            Pay another way{name}
          </CButton>
        )}
      {mayPay && (
        <CButton size="sm" color="success" variant="outline" onClick={() => onPay(transfer)}>
          Pay transfer fee{name}
        </CButton>
      )}
      <CButton
        size="sm"
        color="danger"
        variant="outline"
        className="btn-contrast"
        onClick={() => onClose('cancel')}
      >
        Cancel transfer{name}
      </CButton>
    </div>
  );
}
