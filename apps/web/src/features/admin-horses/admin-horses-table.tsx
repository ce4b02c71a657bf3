import { CTableDataCell, CTableHeaderCell } from '@coreui/react';
import { TableOrCards, horseKey } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import { SortableHeader } from '../../components/sortable-header';
import { ApprovalStatusBadge, PaymentStatusBadge } from '../../components/status-badges';
import type { AdminHorseSummary, SortState } from '../../lib/admin-types';
import { formatDaySlashed, ownerName } from '../../lib/format';
import { horseDisplayName } from '../../lib/horse-types';
import { adminPaymentModeFor } from '../payments/admin-payment-mode';
import type { AdminHorseSortField } from './api';

export type HorseAction =
  'view' | 'edit' | 'delete' | 'transfer' | 'certificate' | 'record-payment' | 'undo-payment';

export interface AdminHorsesViewProps {
  horses: readonly AdminHorseSummary[];
  busy: boolean;
  label: string;
  sort: SortState<AdminHorseSortField>;
  onSort: (sort: SortState<AdminHorseSortField>) => void;
  onAction: (action: HorseAction, horse: AdminHorseSummary) => void;
  /** Editing needs the registration modal, which may not be available (see the page). */
  canEdit: boolean;
  /** What the signed-in staff role may change (issue 29 §1): other actions are not offered. */
  may: { horses: boolean; payments: boolean; transfers: boolean };
}

/** Record a payment taken at the office, or undo one (docs/api.md "Payments"). */
function paymentActions(horse: AdminHorseSummary, act: (action: HorseAction) => () => void) {
  const mode = adminPaymentModeFor(horse.paymentStatus);
  if (mode === 'record') return [{ label: 'Record payment', onClick: act('record-payment') }];
  if (mode === 'undo') return [{ label: 'Undo payment', onClick: act('undo-payment') }];
  return [];
}

/** What a row's actions need besides the horse. */
type ActionProps = Pick<AdminHorsesViewProps, 'onAction' | 'canEdit' | 'may'>;

function Actions({ horse, onAction, canEdit, may }: ActionProps & { horse: AdminHorseSummary }) {
  const act = (action: HorseAction) => () => onAction(action, horse);
  return (
    <RowActions
      subject={horseDisplayName(horse)}
      primary={[
        { label: 'View', onClick: act('view') },
        ...(canEdit && may.horses ? [{ label: 'Edit', onClick: act('edit') }] : []),
      ]}
      more={[
        ...(may.payments ? paymentActions(horse, act) : []),
        ...(may.transfers ? [{ label: 'Transfer ownership', onClick: act('transfer') }] : []),
        ...(horse.approvalStatus === 'approved'
          ? [{ label: 'Download certificate', onClick: act('certificate') }]
          : []),
        ...(may.horses
          ? [{ label: 'Delete', color: 'danger' as const, onClick: act('delete') }]
          : []),
      ]}
    />
  );
}

type HorseProps = { horse: AdminHorseSummary; actions: ActionProps };

/** One horse's cells in the table (tablets and wider). */
function AdminHorseRow({ horse, actions }: HorseProps) {
  return (
    <>
      <CTableHeaderCell scope="row">{horseDisplayName(horse)}</CTableHeaderCell>
      <CTableDataCell className="text-nowrap">{horse.registrationNum ?? '—'}</CTableDataCell>
      <CTableDataCell>{ownerName(horse.owner)}</CTableDataCell>
      <CTableDataCell>
        <ApprovalStatusBadge status={horse.approvalStatus} />
      </CTableDataCell>
      <CTableDataCell>
        <PaymentStatusBadge status={horse.paymentStatus} />
      </CTableDataCell>
      <CTableDataCell>{formatDaySlashed(horse.createdAt)}</CTableDataCell>
      <CTableDataCell>
        <Actions horse={horse} {...actions} />
      </CTableDataCell>
    </>
  );
}

/** One horse's card, for phones. */
function AdminHorseCard({ horse, actions }: HorseProps) {
  return (
    <>
      <h2 className="h6 mb-1">{horseDisplayName(horse)}</h2>
      <p className="small mb-1">
        {horse.registrationNum ?? 'No number yet'} · {ownerName(horse.owner)}
      </p>
      <p className="mb-2 d-flex gap-1">
        <ApprovalStatusBadge status={horse.approvalStatus} />
        <PaymentStatusBadge status={horse.paymentStatus} />
      </p>
      <Actions horse={horse} {...actions} />
    </>
  );
}

/** Every horse as a sortable table on tablets and wider, as cards on phones. */
export function AdminHorses({
  horses,
  busy,
  label,
  sort,
  onSort,
  ...actions
}: AdminHorsesViewProps) {
  const sortable = (field: AdminHorseSortField, text: string) => (
    <SortableHeader field={field} label={text} sort={sort} onSort={onSort} />
  );
  return (
    <TableOrCards
      label={label}
      busy={busy}
      columns={[
        sortable('name', 'Name'),
        sortable('registrationNumber', 'Registration No.'),
        'Owner',
        sortable('approvalStatus', 'Approval'),
        sortable('paymentStatus', 'Payment'),
        sortable('createdAt', 'Submitted'),
      ]}
      actions
      items={horses}
      keyOf={horseKey}
      row={(horse) => <AdminHorseRow horse={horse} actions={actions} />}
      card={(horse) => <AdminHorseCard horse={horse} actions={actions} />}
    />
  );
}
