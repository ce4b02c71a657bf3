import { CTableDataCell, CTableHeaderCell } from '@coreui/react';
import { CardList, TableCard, horseKey } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import { SortableHeader } from '../../components/sortable-header';
import { ApprovalStatusBadge, PaymentStatusBadge } from '../../components/status-badges';
import type { AdminHorseSummary, SortState } from '../../lib/admin-types';
import { formatDaySlashed } from '../../lib/format';
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

function Actions({
  horse,
  onAction,
  canEdit,
  may,
}: Pick<AdminHorsesViewProps, 'onAction' | 'canEdit' | 'may'> & { horse: AdminHorseSummary }) {
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

/** Every horse as a sortable table (tablets and wider). */
export function AdminHorsesTable(props: AdminHorsesViewProps) {
  const { horses, busy, label, sort, onSort } = props;
  const sortable = (field: AdminHorseSortField, text: string) => (
    <SortableHeader field={field} label={text} sort={sort} onSort={onSort} />
  );
  return (
    <TableCard
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
    >
      {(horse) => (
        <>
          <CTableHeaderCell scope="row">{horseDisplayName(horse)}</CTableHeaderCell>
          <CTableDataCell className="text-nowrap">{horse.registrationNum ?? '—'}</CTableDataCell>
          <CTableDataCell>{horse.owner?.name || horse.owner?.email || '—'}</CTableDataCell>
          <CTableDataCell>
            <ApprovalStatusBadge status={horse.approvalStatus} />
          </CTableDataCell>
          <CTableDataCell>
            <PaymentStatusBadge status={horse.paymentStatus} />
          </CTableDataCell>
          <CTableDataCell>{formatDaySlashed(horse.createdAt)}</CTableDataCell>
          <CTableDataCell>
            <Actions
              horse={horse}
              onAction={props.onAction}
              canEdit={props.canEdit}
              may={props.may}
            />
          </CTableDataCell>
        </>
      )}
    </TableCard>
  );
}

/** The same horses as cards, for phones. */
export function AdminHorseCards(props: AdminHorsesViewProps) {
  return (
    <CardList label={props.label} busy={props.busy} items={props.horses} keyOf={horseKey}>
      {(horse) => (
        <>
          <h2 className="h6 mb-1">{horseDisplayName(horse)}</h2>
          <p className="small mb-1">
            {horse.registrationNum ?? 'No number yet'} ·{' '}
            {horse.owner?.name || horse.owner?.email || '—'}
          </p>
          <p className="mb-2 d-flex gap-1">
            <ApprovalStatusBadge status={horse.approvalStatus} />
            <PaymentStatusBadge status={horse.paymentStatus} />
          </p>
          <Actions
            horse={horse}
            onAction={props.onAction}
            canEdit={props.canEdit}
            may={props.may}
          />
        </>
      )}
    </CardList>
  );
}
