import { CTableDataCell, CTableHeaderCell } from '@coreui/react';
import { ClippedText, TableOrCards } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import { SortableHeader, SortableHeaderPair } from '../../components/sortable-header';
import { StatusBadge } from '../../components/status-badges';
import type { Member, SortState } from '../../lib/admin-types';
import type { MemberSortField } from './api';

export type MemberAction = 'edit' | 'delete' | 'toggle' | 'credentials';

export interface MembersViewProps {
  members: readonly Member[];
  busy: boolean;
  label: string;
  sort: SortState<MemberSortField>;
  onSort: (sort: SortState<MemberSortField>) => void;
  /** Absent for a role that may not change members: the rows offer no actions. */
  onAction?: ((action: MemberAction, member: Member) => void) | undefined;
}

const text = (value: string | null | undefined) => value?.trim() || '—';
const memberKey = (member: Member) => member.id;
const nameOf = (member: Member) => member.name || member.email;

function Actions({ member, onAction }: Pick<MembersViewProps, 'onAction'> & { member: Member }) {
  if (!onAction) return null;
  return (
    <RowActions
      subject={nameOf(member)}
      primary={[
        { label: 'Edit', onClick: () => onAction('edit', member) },
        {
          label: member.active ? 'Deactivate' : 'Activate',
          color: member.active ? 'warning' : 'success',
          onClick: () => onAction('toggle', member),
        },
      ]}
      more={[
        {
          label: 'Send credentials',
          disabled: !member.active,
          onClick: () => onAction('credentials', member),
        },
        { label: 'Delete', color: 'danger', onClick: () => onAction('delete', member) },
      ]}
    />
  );
}

function State({ member }: { member: Member }) {
  return (
    <>
      <StatusBadge
        text={member.active ? 'Active' : 'Inactive'}
        tone={member.active ? 'success' : 'secondary'}
      />
      {!member.hasPassword && (
        <span className="d-block small text-body-secondary lh-sm mt-1">No password yet</span>
      )}
    </>
  );
}

type MemberProps = { member: Member } & Pick<MembersViewProps, 'onAction'>;

/** One member's cells in the table (tablets and wider). */
function MemberRow({ member, onAction }: MemberProps) {
  return (
    <>
      {/* The email under the name, each shortened (whole in its title), so that Status and
          the actions stay in view on a 1280 px screen (issue 29 §4). */}
      <CTableHeaderCell scope="row">
        <ClippedText text={text(member.name)} width="13rem" lines={2} />
        <span className="d-block small fw-normal text-body-secondary">
          <ClippedText text={member.email} width="13rem" />
        </span>
      </CTableHeaderCell>
      <CTableDataCell>
        <ClippedText text={text(member.memberNumber)} width="7rem" />
      </CTableDataCell>
      <CTableDataCell>
        <ClippedText text={text(member.city)} width="8rem" />
      </CTableDataCell>
      <CTableDataCell>{member.horseCount}</CTableDataCell>
      <CTableDataCell>
        <State member={member} />
      </CTableDataCell>
      {onAction && (
        <CTableDataCell>
          <Actions member={member} onAction={onAction} />
        </CTableDataCell>
      )}
    </>
  );
}

/** One member's card, for phones (sorting from the select above the list). */
function MemberCard({ member, onAction }: MemberProps) {
  return (
    <>
      <div className="d-flex justify-content-between gap-2 mb-1">
        <h2 className="h6 mb-0">{nameOf(member)}</h2>
        <State member={member} />
      </div>
      <p className="small mb-1 text-break">{member.email}</p>
      <p className="small text-body-secondary mb-2">
        No. {text(member.memberNumber)} · {text(member.city)} · {member.horseCount}{' '}
        {member.horseCount === 1 ? 'horse' : 'horses'}
      </p>
      <Actions member={member} onAction={onAction} />
    </>
  );
}

/** Members as a sortable table on tablets and wider, as cards on phones. */
export function Members({ members, busy, label, sort, onSort, onAction }: MembersViewProps) {
  const sortable = (field: MemberSortField, text: string) => (
    <SortableHeader field={field} label={text} sort={sort} onSort={onSort} />
  );
  return (
    <TableOrCards
      label={label}
      busy={busy}
      columns={[
        <SortableHeaderPair
          key="member"
          fields={[
            { field: 'name', label: 'Name' },
            { field: 'email', label: 'Email' },
          ]}
          sort={sort}
          onSort={onSort}
        />,
        sortable('memberNumber', 'Member No.'),
        sortable('city', 'City'),
        'Horses',
        'Status',
      ]}
      actions={onAction !== undefined}
      items={members}
      keyOf={memberKey}
      row={(member) => <MemberRow member={member} onAction={onAction} />}
      card={(member) => <MemberCard member={member} onAction={onAction} />}
    />
  );
}
