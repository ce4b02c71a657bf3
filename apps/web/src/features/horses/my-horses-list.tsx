import '../../components/contrast.css';
import { CButton, CTableDataCell, CTableHeaderCell } from '@coreui/react';
import { TableOrCards, horseKey } from '../../components/data-table';
import { formatDaySlashed } from '../../lib/format';
import type { HorseSummary } from '../../lib/horse-summaries';
import { horseDisplayName } from '../../lib/horse-types';
import { CertificateButton, RejectionNote } from './certificate-button';
import type { HorseModalState } from './horse-modal-host';
import { ApprovalBadge, PaymentBadge } from './status-badges';

export interface HorseListProps {
  horses: readonly HorseSummary[];
  busy: boolean;
  label: string;
  onOpen: (state: HorseModalState) => void;
  onDelete: (horse: HorseSummary) => void;
  onPay: (horse: HorseSummary) => void;
  onCheckPayment: (horse: HorseSummary) => void;
  /** Cancels the payment waiting for approval (3-D Secure) so the member can pay otherwise. */
  onPayAnotherWay: (horse: HorseSummary) => void;
  /** The horse whose payment status is being asked for. */
  checkingId?: string | null;
  /** Starts a member transfer of an approved horse (issue 31 item 1). */
  onTransfer?: (horse: HorseSummary) => void;
  /** Horses the member is selling: no new transfer, no edit until it is cancelled or decided. */
  openTransfers?: ReadonlySet<string>;
  /** Opens an approved stallion's breeding reports (issue 31 item 2). */
  onBreedingReports?: (horse: HorseSummary) => void;
}

/** The latest provider payment of the horse (docs/api.md "Payments"). */
export function paymentIntentOf(horse: HorseSummary): string | null {
  return horse.paymentIntentId || null;
}

type ActionProps = Pick<
  HorseListProps,
  | 'onOpen'
  | 'onDelete'
  | 'onPay'
  | 'onCheckPayment'
  | 'onPayAnotherWay'
  | 'checkingId'
  | 'onTransfer'
  | 'openTransfers'
  | 'onBreedingReports'
>;

function HorseActions({
  horse,
  onOpen,
  onDelete,
  onPay,
  onCheckPayment,
  onPayAnotherWay,
  checkingId,
  onTransfer,
  openTransfers,
  onBreedingReports,
}: ActionProps & { horse: HorseSummary }) {
  const name = <span className="visually-hidden"> {horseDisplayName(horse)}</span>;
  const selling = openTransfers?.has(horse._id) ?? false;
  const payable = ['unpaid', 'failed', 'refunded'].includes(horse.paymentStatus);
  return (
    <div className="d-flex flex-wrap gap-1 justify-content-end">
      {payable && (
        <CButton size="sm" color="success" variant="outline" onClick={() => onPay(horse)}>
          Pay{name}
        </CButton>
      )}
      {horse.paymentStatus === 'requires_action' && (
        <CButton
          size="sm"
          color="warning"
          variant="outline"
          disabled={checkingId === horse._id}
          onClick={() => onPayAnotherWay(horse)}
        >
          Pay another way{name}
        </CButton>
      )}
      {paymentIntentOf(horse) && (
        <CButton
          size="sm"
          color="info"
          variant="outline"
          disabled={checkingId === horse._id}
          onClick={() => onCheckPayment(horse)}
        >
          Check payment status{name}
        </CButton>
      )}
      {horse.approvalStatus === 'approved' && <CertificateButton horse={horse} />}
      <CButton
        size="sm"
        color="secondary"
        variant="outline"
        onClick={() => onOpen({ mode: 'view', horseId: horse._id })}
      >
        View{name}
      </CButton>
      {selling ? (
        <span className="badge bg-warning-subtle text-warning-emphasis border border-warning-subtle">
          Transfer open
        </span>
      ) : (
        <CButton
          size="sm"
          color="primary"
          variant="outline"
          onClick={() => onOpen({ mode: 'edit', horseId: horse._id })}
        >
          Edit{name}
        </CButton>
      )}
      {horse.approvalStatus === 'approved' && !selling && onTransfer && (
        <CButton size="sm" color="primary" variant="outline" onClick={() => onTransfer(horse)}>
          Transfer{name}
        </CButton>
      )}
      {horse.approvalStatus === 'approved' && horse.sex === 'Stallion' && onBreedingReports && (
        <CButton
          size="sm"
          color="primary"
          variant="outline"
          onClick={() => onBreedingReports(horse)}
        >
          Breeding reports{name}
        </CButton>
      )}
      {/* The API keeps approved horses: they are part of the registry's record. */}
      {horse.approvalStatus !== 'approved' && (
        <CButton
          size="sm"
          color="danger"
          variant="outline"
          className="btn-contrast"
          onClick={() => onDelete(horse)}
        >
          Delete{name}
        </CButton>
      )}
    </div>
  );
}

/** One horse's cells in the table (tablets and wider). */
function HorseRow({ horse, ...actions }: ActionProps & { horse: HorseSummary }) {
  return (
    <>
      <CTableHeaderCell scope="row" className="fw-semibold">
        {horseDisplayName(horse)}
      </CTableHeaderCell>
      <CTableDataCell>{horse.registrationNum?.trim() || '—'}</CTableDataCell>
      <CTableDataCell>
        <ApprovalBadge status={horse.approvalStatus} />
        <RejectionNote horse={horse} />
      </CTableDataCell>
      <CTableDataCell>
        <PaymentBadge status={horse.paymentStatus} />
      </CTableDataCell>
      <CTableDataCell className="text-nowrap">{formatDaySlashed(horse.updatedAt)}</CTableDataCell>
      <CTableDataCell>
        <HorseActions horse={horse} {...actions} />
      </CTableDataCell>
    </>
  );
}

/** One horse's card (phones): no sideways scrolling. */
function HorseCard({ horse, ...actions }: ActionProps & { horse: HorseSummary }) {
  return (
    <>
      <h2 className="h6 mb-1">{horseDisplayName(horse)}</h2>
      <p className="small text-body-secondary mb-2">
        Registration No. {horse.registrationNum?.trim() || '—'} · Updated{' '}
        {formatDaySlashed(horse.updatedAt)}
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <ApprovalBadge status={horse.approvalStatus} />
        <PaymentBadge status={horse.paymentStatus} />
        <div className="ms-auto">
          <HorseActions horse={horse} {...actions} />
        </div>
      </div>
      <RejectionNote horse={horse} />
    </>
  );
}

/** The member's horses as a table on tablets and wider, as cards on phones. */
export function MyHorses({ horses, busy, label, ...actions }: HorseListProps) {
  return (
    <TableOrCards
      label={label}
      busy={busy}
      columns={[
        'Name',
        'Registration No.',
        'Approval',
        'Payment',
        'Updated',
        <CTableHeaderCell key="actions" scope="col" className="text-end">
          Actions
        </CTableHeaderCell>,
      ]}
      items={horses}
      keyOf={horseKey}
      row={(horse) => <HorseRow horse={horse} {...actions} />}
      card={(horse) => <HorseCard horse={horse} {...actions} />}
    />
  );
}
