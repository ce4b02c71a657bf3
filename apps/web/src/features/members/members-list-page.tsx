import { useState } from 'react';
import { CAlert, CButton, CFormLabel, CFormSelect } from '@coreui/react';
import { LazyConfirmDialog } from '../../components/lazy-confirm-dialog';
import { lazyDialog } from '../../components/lazy-dialog';
import { PageHeader } from '../../components/page-header';
import { PagedList, countOf, type ListWords } from '../../components/list-states';
import { ListToolbar, SearchField } from '../../components/list-toolbar';
import type { ApiError } from '../../lib/api-client';
import type { Member, SortState } from '../../lib/admin-types';
import { downloadFromApi } from '../../lib/download';
import { useListQuery } from '../../lib/use-list-query';
import { ROUTES } from '../../lib/routes';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { useAction } from '../../lib/use-action';
import { useAppDispatch } from '../../stores/hooks';
import { useStaffMay } from '../../stores/use-staff-role';
import { useToast } from '../../stores/use-toast';
import {
  MEMBERS_PAGE_SIZE,
  membersChanged,
  sendCredentials,
  useDeleteMember,
  useMemberList,
  useSetMemberActive,
  type MemberSortField,
} from './api';
import { Members, type MemberAction } from './members-table';

// The dialogs load when first opened, not with the list: the member form alone brings
// react-hook-form and zod (docs/decisions/0062-code-fetched-on-intent.md).
const LazyMemberFormModal = lazyDialog(
  async () => (await import('./member-form-modal')).MemberFormModal,
  'Opening the member form…',
);
const LazyMemberImportDialog = lazyDialog(
  async () => (await import('./member-import-dialog')).MemberImportDialog,
  'Opening the import…',
);

type Pending = { kind: 'delete' | 'deactivate'; member: Member } | null;

const SORT_CHOICES: ReadonlyArray<[string, string]> = [
  ['name:asc', 'Name A–Z'],
  ['name:desc', 'Name Z–A'],
  ['memberNumber:asc', 'Member number'],
  ['email:asc', 'Email'],
  ['city:asc', 'City'],
  ['createdAt:desc', 'Newest first'],
];

const WORDS: ListWords = {
  rows: 'Members',
  failed: 'The members could not be loaded',
  loading: 'Loading members…',
  count: (total, more) => countOf(total, 'member', 'members', more),
  pager: 'Member list pages',
  none: [
    'No members yet',
    'Create members one by one with New member, or import a spreadsheet with Import CSV.',
  ],
  noMatch: [
    'No members match this search',
    'Try part of a name, an email, a member number or a city.',
  ],
};

/**
 * The answer's order, said above it: a search of three characters or more in name order lists
 * the members whose whole last name is the search first, then every other match, each part by
 * name (docs/decisions/0122-members-search-at-scale.md); other sorts keep one order.
 */
function leadFor(q: string, sort: MemberSortField) {
  if (sort !== 'name' || [...q.trim()].length < 3) return 'Every member of the association.';
  return 'Every member of the association: those whose last name is the search first, then every other match, each by name.';
}

/** Administrators' member list (spec §2.1 /admin/members-list, issue 6 item 1). */
export default function MembersListPage() {
  const toast = useToast();
  const dispatch = useAppDispatch();
  const { filters, page, sort, setPage, setFilter, setSort } = useListQuery<
    { q: string },
    SortState<MemberSortField>
  >({ q: '' }, { field: 'name', order: 'asc' });
  const paging = { page, setPage, pageSize: MEMBERS_PAGE_SIZE };
  const [editing, setEditing] = useState<{ member: Member | null } | null>(null);
  const [importing, setImporting] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const setMemberActive = useSetMemberActive();
  const deleteMember = useDeleteMember();
  const confirmation = useAction();
  const { busy } = confirmation;
  const search = useDebouncedValue(filters.q, 300);
  const query = useMemberList({ q: search, page, sort });
  const phone = useMediaQuery(PHONE_QUERY);
  // Roles that only read members (treasurer never comes here; read-only) see no changes offered.
  const mayChange = useStaffMay('members');

  const toggle = (member: Member) =>
    confirmation.run(async () => {
      try {
        const result = await setMemberActive(member).unwrap();
        toast.success(
          result.message ?? (member.active ? 'Member deactivated' : 'Member activated'),
        );
        setPending(null);
      } catch (caught) {
        // Activating asks nothing first: its refusal is a toast, not a dialog's error.
        if (pending) throw caught;
        toast.danger((caught as ApiError).error);
      }
    });

  const onAction = (action: MemberAction, member: Member) => {
    confirmation.fail(null);
    if (action === 'edit') setEditing({ member });
    else if (action === 'delete') setPending({ kind: 'delete', member });
    else if (action === 'toggle') {
      // Deactivating ends the member's sessions at once, so it asks first; activating does not.
      if (member.active) setPending({ kind: 'deactivate', member });
      else void toggle(member);
    } else {
      sendCredentials(member.id).then(
        (result) => toast.success(result.message ?? 'Credentials sent'),
        (caught: ApiError) => toast.danger(caught.error),
      );
    }
  };

  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'deactivate') return toggle(pending.member);
    const { member } = pending;
    return confirmation.run(async () => {
      const result = await deleteMember(member.id).unwrap();
      toast.success(result.message ?? 'Member deleted');
      setPending(null);
    });
  };

  const exportCsv = () => {
    downloadFromApi('admin/members/export.csv', 'members.csv').catch((caught: ApiError) =>
      toast.danger(caught.error),
    );
  };

  const pendingName = pending ? pending.member.name || pending.member.email : '';

  return (
    <>
      <PageHeader
        title={ROUTES.membersList.title}
        lead={leadFor(search, sort.field)}
        actions={
          <div className="d-flex flex-wrap gap-2">
            <CButton
              className="text-nowrap"
              color="secondary"
              variant="outline"
              onClick={exportCsv}
            >
              Export CSV
            </CButton>
            {mayChange && (
              <>
                <CButton
                  className="text-nowrap"
                  color="secondary"
                  variant="outline"
                  onClick={() => setImporting(true)}
                >
                  Import CSV
                </CButton>
                <CButton
                  className="text-nowrap"
                  color="primary"
                  onClick={() => setEditing({ member: null })}
                >
                  New member
                </CButton>
              </>
            )}
          </div>
        }
      />

      <ListToolbar label="Search members">
        <SearchField
          id="members-q"
          label="Name, email, member number or city"
          className="col-12 col-md-6 col-lg-5"
          value={filters.q}
          onChange={(value) => setFilter('q', value)}
        />
        {phone && (
          <div className="col-12">
            <CFormLabel htmlFor="members-sort">Sort by</CFormLabel>
            <CFormSelect
              id="members-sort"
              value={`${sort.field}:${sort.order}`}
              onChange={(event) => {
                const [field, order] = event.target.value.split(':') as [
                  MemberSortField,
                  'asc' | 'desc',
                ];
                setSort({ field, order });
              }}
            >
              {SORT_CHOICES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </CFormSelect>
          </div>
        )}
      </ListToolbar>

      <PagedList query={query} paging={paging} words={WORDS} filtered={search.trim() !== ''}>
        {(members, rows) => (
          <Members
            members={members}
            {...rows}
            sort={sort}
            onSort={setSort}
            onAction={mayChange ? onAction : undefined}
          />
        )}
      </PagedList>

      <LazyMemberFormModal
        visible={editing !== null}
        member={editing?.member ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
      />
      <LazyMemberImportDialog
        visible={importing}
        onClose={() => setImporting(false)}
        onImported={() => dispatch(membersChanged())}
      />
      <LazyConfirmDialog
        visible={pending !== null}
        title={pending?.kind === 'delete' ? 'Delete member' : 'Deactivate member'}
        confirmLabel={pending?.kind === 'delete' ? 'Delete' : 'Deactivate'}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === 'delete' ? (
          <p className="mb-0">
            Delete <strong>{pendingName}</strong>? This cannot be undone.
            {pending.member.horseCount > 0 &&
              ` They own ${pending.member.horseCount} ${pending.member.horseCount === 1 ? 'horse' : 'horses'}, which must be transferred first.`}
          </p>
        ) : (
          <p className="mb-0">
            Deactivate <strong>{pendingName}</strong>? They are signed out at once and cannot sign
            in until activated again.
          </p>
        )}
        {confirmation.error && (
          <CAlert color="danger" className="mt-3 mb-0" role="alert">
            {confirmation.error}
          </CAlert>
        )}
      </LazyConfirmDialog>
    </>
  );
}
