import { CTableDataCell, CTableHeaderCell } from '@coreui/react';
import { CardList, TableCard } from '../../components/data-table';
import { RowActions } from '../../components/row-actions';
import { SortableHeader } from '../../components/sortable-header';
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
  onAction: (action: MemberAction, member: Member) => void;
}

const text = (value: string | null | undefined) => value?.trim() || '—';
const memberKey = (member: Member) => member.id;
const nameOf = (member: Member) => member.name || member.email;

function Actions({ member, onAction }: Pick<MembersViewProps, 'onAction'> & { member: Member }) {
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
        <span className="d-block small text-body-secondary">No password yet</span>
      )}
    </>
  );
}

/** Members as a sortable table (tablets and wider). */
export function MembersTable({ members, busy, label, sort, onSort, onAction }: MembersViewProps) {
  const sortable = (field: MemberSortField, text: string) => (
    <SortableHeader field={field} label={text} sort={sort} onSort={onSort} />
  );
  return (
    <TableCard
      label={label}
      busy={busy}
      columns={[
        sortable('name', 'Name'),
        sortable('email', 'Email'),
        sortable('memberNumber', 'Member No.'),
        sortable('city', 'City'),
        'Horses',
        'Status',
      ]}
      actions
      items={members}
      keyOf={memberKey}
    >
      {(member) => (
        <>
          <CTableHeaderCell scope="row">{text(member.name)}</CTableHeaderCell>
          <CTableDataCell>{member.email}</CTableDataCell>
          <CTableDataCell>{text(member.memberNumber)}</CTableDataCell>
          <CTableDataCell>{text(member.city)}</CTableDataCell>
          <CTableDataCell>{member.horseCount}</CTableDataCell>
          <CTableDataCell>
            <State member={member} />
          </CTableDataCell>
          <CTableDataCell>
            <Actions member={member} onAction={onAction} />
          </CTableDataCell>
        </>
      )}
    </TableCard>
  );
}

/** The same members as cards, for phones (sorting from the select above the list). */
export function MemberCards({ members, busy, label, onAction }: MembersViewProps) {
  return (
    <CardList label={label} busy={busy} items={members} keyOf={memberKey}>
      {(member) => (
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
      )}
    </CardList>
  );
}
