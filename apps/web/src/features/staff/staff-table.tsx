import { CTableDataCell, CTableHeaderCell } from '@coreui/react';
import type { StaffMember, StaffStatus } from '@registry/domain';
import { ClippedText, TableOrCards } from '../../components/data-table';
import { RowActions, type RowAction } from '../../components/row-actions';
import { StatusBadge } from '../../components/status-badges';
import { formatDate } from '../../lib/format';
import { staffRoleLabel } from '../../lib/staff-access';

export type StaffAction = 'role' | 'toggle' | 'resend' | 'remove';

export interface StaffViewProps {
  staff: readonly StaffMember[];
  busy: boolean;
  /** The signed-in administrator, marked "(you)". */
  selfId: string | undefined;
  onAction: (action: StaffAction, staff: StaffMember) => void;
}

const STATUS: Record<StaffStatus, [string, 'success' | 'warning' | 'secondary']> = {
  active: ['Active', 'success'],
  invited: ['Invited', 'warning'],
  deactivated: ['Deactivated', 'secondary'],
};

const staffKey = (staff: StaffMember) => staff.id;
/** "Nov 20, 2026 03:30 PM", or Never for an invitation not yet taken up. */
const lastSignIn = ({ lastSignInAt: at }: StaffMember) =>
  at ? `${formatDate(at, 'day') ?? '—'} ${formatDate(at, 'time') ?? ''}`.trim() : 'Never';

function Name({
  staff,
  selfId,
  whole = false,
}: {
  staff: StaffMember;
  selfId: string | undefined;
  /** The whole name, wrapped (phone cards); the table clips it to keep its columns in view. */
  whole?: boolean;
}) {
  return (
    <>
      {whole ? staff.name : <ClippedText text={staff.name} width="14rem" />}
      {staff.id === selfId && <span className="fw-normal text-body-secondary"> (you)</span>}
    </>
  );
}

function Actions({ staff, onAction }: Pick<StaffViewProps, 'onAction'> & { staff: StaffMember }) {
  const more: RowAction[] = [];
  if (staff.status === 'invited') {
    more.push({ label: 'Resend invitation', onClick: () => onAction('resend', staff) });
  }
  more.push({ label: 'Remove', color: 'danger', onClick: () => onAction('remove', staff) });
  return (
    <RowActions
      subject={staff.name}
      primary={[
        { label: 'Change role', onClick: () => onAction('role', staff) },
        {
          label: staff.active ? 'Deactivate' : 'Reactivate',
          color: staff.active ? 'warning' : 'success',
          onClick: () => onAction('toggle', staff),
        },
      ]}
      more={more}
    />
  );
}

function Status({ staff }: { staff: StaffMember }) {
  const [text, tone] = STATUS[staff.status];
  return <StatusBadge text={text} tone={tone} />;
}

type MemberProps = { member: StaffMember } & Pick<StaffViewProps, 'selfId' | 'onAction'>;

/** One staff member's cells in the table (tablets and wider). */
function StaffRow({ member, selfId, onAction }: MemberProps) {
  return (
    <>
      <CTableHeaderCell scope="row">
        <Name staff={member} selfId={selfId} />
        <span className="d-block small fw-normal text-body-secondary">
          <ClippedText text={member.email} width="14rem" />
        </span>
      </CTableHeaderCell>
      <CTableDataCell>{staffRoleLabel(member.staffRole)}</CTableDataCell>
      <CTableDataCell>
        <Status staff={member} />
      </CTableDataCell>
      <CTableDataCell className="small">{lastSignIn(member)}</CTableDataCell>
      <CTableDataCell>
        <Actions staff={member} onAction={onAction} />
      </CTableDataCell>
    </>
  );
}

/** One staff member's card, for phones. */
function StaffCard({ member, selfId, onAction }: MemberProps) {
  return (
    <>
      <div className="d-flex justify-content-between gap-2 mb-1">
        <h2 className="h6 mb-0 text-break">
          <Name staff={member} selfId={selfId} whole />
        </h2>
        <Status staff={member} />
      </div>
      <p className="small mb-1 text-break">{member.email}</p>
      <p className="small text-body-secondary mb-2">
        {staffRoleLabel(member.staffRole)} · Last sign-in: {lastSignIn(member)}
      </p>
      <Actions staff={member} onAction={onAction} />
    </>
  );
}

/** Staff as a table on tablets and wider, as cards on phones. */
export function Staff({ staff, busy, selfId, onAction }: StaffViewProps) {
  return (
    <TableOrCards
      label="Office staff"
      busy={busy}
      columns={['Name', 'Role', 'Status', 'Last sign-in']}
      actions
      items={staff}
      keyOf={staffKey}
      row={(member) => <StaffRow member={member} selfId={selfId} onAction={onAction} />}
      card={(member) => <StaffCard member={member} selfId={selfId} onAction={onAction} />}
    />
  );
}
