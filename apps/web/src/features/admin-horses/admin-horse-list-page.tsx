import { useState } from 'react';
import { CAlert, CButton } from '@coreui/react';
import { LazyConfirmDialog } from '../../components/lazy-confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PagedList, countOf, type ListWords } from '../../components/list-states';
import { ListToolbar } from '../../components/list-toolbar';
import { FILTER_COLUMNS, FilterFields, type FilterField } from '../../components/filter-fields';
import { APPROVAL_LABELS, PAYMENT_LABELS } from '../../components/status-badges';
import type { ApiError } from '../../lib/api-client';
import type { AdminHorseSummary, SortState } from '../../lib/admin-types';
import { downloadFromApi } from '../../lib/download';
import { useHorseForms } from '../../lib/horse-editor';
import { horseDisplayName } from '../../lib/horse-types';
import { useListQuery } from '../../lib/use-list-query';
import { ROUTES } from '../../lib/routes';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useAction } from '../../lib/use-action';
import { useToast } from '../../stores/use-toast';
import {
  EMPTY_HORSE_FILTERS,
  HORSES_PAGE_SIZE,
  certificateUrl,
  useAdminHorses,
  useDeleteAdminHorse,
  type AdminHorseBreedingFilter,
  type AdminHorseFilters,
  type AdminHorseSortField,
} from './api';
import { AdminHorses, type HorseAction } from './admin-horses-table';
import { ExportHorsesButton } from './export-horses-button';
import { HorseViewDialog } from './horse-view-dialog';
import { MemberPicker } from './member-picker';
import { RegisterForDialog } from './register-for-dialog';
import { LazyAdminPaymentDialog } from '../payments/lazy-admin-payment-dialog';
import { LazyTransferDialog } from './lazy-transfer-dialog';
import { useStaffMay } from '../../stores/use-staff-role';

type Dialog = {
  kind: 'view' | 'delete' | 'transfer' | 'record-payment' | 'undo-payment';
  horse: AdminHorseSummary;
} | null;

/** Foals' breeding reports (issue 31 item 2): flagged as having none, or linked to one. */
const BREEDING_CHOICES: ReadonlyArray<readonly [AdminHorseBreedingFilter, string]> = [
  ['no-report', 'No breeding report'],
  ['linked', 'Linked to a breeding'],
];

/** The toolbar's fields before the owner picker, and after it. */
const FIELDS_BEFORE_OWNER: ReadonlyArray<FilterField<AdminHorseFilters>> = [
  { search: 'q', label: 'Name, registration number, sire or dam', column: FILTER_COLUMNS.wide },
  {
    select: 'approvalStatus',
    label: 'Approval status',
    column: FILTER_COLUMNS.narrow,
    choices: Object.entries(APPROVAL_LABELS),
  },
  {
    select: 'paymentStatus',
    label: 'Payment status',
    column: FILTER_COLUMNS.narrow,
    choices: Object.entries(PAYMENT_LABELS),
  },
];
const FIELDS_AFTER_OWNER: ReadonlyArray<FilterField<AdminHorseFilters>> = [
  { search: 'ownerName', label: 'Owner name', column: FILTER_COLUMNS.third },
  { search: 'breeder', label: 'Breeder', column: FILTER_COLUMNS.third },
  {
    select: 'breeding',
    label: 'Breeding report',
    column: FILTER_COLUMNS.third,
    choices: BREEDING_CHOICES,
  },
];

const WORDS: ListWords = {
  rows: 'Horses',
  failed: 'The horses could not be loaded',
  loading: 'Loading horses…',
  count: (total, more) => countOf(total, 'horse', 'horses', more),
  pager: 'Horse list pages',
  none: ['No horses yet', 'Horses appear here as soon as members register them.'],
  noMatch: ['No horses match these filters', 'Try fewer filters.'],
};

/** Every horse of the registry, for administrators (spec §2.1 /admin/horse-list). */
export default function AdminHorseListPage() {
  const toast = useToast();
  const { filters, page, sort, setPage, setFilter, clearFilters, setSort } = useListQuery<
    AdminHorseFilters,
    SortState<AdminHorseSortField>
  >(EMPTY_HORSE_FILTERS, { field: 'createdAt', order: 'desc' });
  const paging = { page, setPage, pageSize: HORSES_PAGE_SIZE };
  const [dialog, setDialog] = useState<Dialog>(null);
  const deleteAdminHorse = useDeleteAdminHorse();
  const deletion = useAction();
  const [editingId, setEditingId] = useState<string | null>(null);
  const forms = useHorseForms();
  // The actions the signed-in staff role may take; the others are not offered (issue 29 §1).
  const may = {
    horses: useStaffMay('horses'),
    payments: useStaffMay('payments'),
    transfers: useStaffMay('transfers'),
  };
  const [choosingOwner, setChoosingOwner] = useState(false);
  const [registerFor, setRegisterFor] = useState<string | null>(null);
  const q = useDebouncedValue(filters.q, 300);
  const ownerName = useDebouncedValue(filters.ownerName, 300);
  const breeder = useDebouncedValue(filters.breeder, 300);
  const typed = { ...filters, q, ownerName, breeder };
  const query = useAdminHorses(typed, page, sort);
  const filtered =
    filters.q.trim() !== '' ||
    filters.approvalStatus !== '' ||
    filters.paymentStatus !== '' ||
    filters.owner !== null ||
    filters.ownerName.trim() !== '' ||
    filters.breeder.trim() !== '' ||
    filters.breeding !== '';

  // CoreUI calls onClose when a modal finishes hiding; close only the current dialog.
  const close = (kind: NonNullable<Dialog>['kind']) => () =>
    setDialog((open) => (open?.kind === kind ? null : open));

  const onAction = (action: HorseAction, horse: AdminHorseSummary) => {
    deletion.fail(null);
    if (action === 'certificate') {
      downloadFromApi(certificateUrl(horse._id), `certificate-${horse.registrationNum}.pdf`).catch(
        (caught: ApiError) => toast.danger(caught.error),
      );
    } else if (action === 'edit') {
      setEditingId(horse._id);
    } else {
      setDialog({ kind: action, horse });
    }
  };

  const confirmDelete = (horse: AdminHorseSummary) =>
    deletion.run(async () => {
      const result = await deleteAdminHorse(horse._id).unwrap();
      toast.success(result.message ?? 'Horse deleted');
      setDialog(null);
    });

  return (
    <>
      <PageHeader
        title={ROUTES.horseList.title}
        lead="Every horse of the registry."
        actions={
          <div className="d-flex flex-wrap gap-2">
            <ExportHorsesButton filters={typed} sort={sort} />
            {forms && may.horses && (
              <CButton
                color="primary"
                className="text-nowrap"
                onClick={() => setChoosingOwner(true)}
              >
                Register horse for a member
              </CButton>
            )}
          </div>
        }
      />

      <ListToolbar label="Filter horses" onClear={filtered ? clearFilters : undefined}>
        <FilterFields
          idPrefix="horses"
          fields={FIELDS_BEFORE_OWNER}
          filters={filters}
          setFilter={setFilter}
        />
        <div className="col-12 col-md-6 col-lg-4">
          <MemberPicker
            label="Owner"
            value={filters.owner ? { ...filters.owner, memberNumber: null, active: true } : null}
            onChange={(member) => setFilter('owner', member)}
            allowInactive
          />
        </div>
        <FilterFields
          idPrefix="horses"
          fields={FIELDS_AFTER_OWNER}
          filters={filters}
          setFilter={setFilter}
        />
      </ListToolbar>

      <PagedList query={query} paging={paging} words={WORDS} filtered={filtered}>
        {(horses, rows) => (
          <AdminHorses
            horses={horses}
            {...rows}
            sort={sort}
            onSort={setSort}
            onAction={onAction}
            canEdit={forms !== null}
            may={may}
          />
        )}
      </PagedList>

      {forms && (
        <>
          <forms.Editor
            horseId={editingId}
            onClose={() => setEditingId(null)}
            onSaved={() => setEditingId(null)}
          />
          <RegisterForDialog
            visible={choosingOwner}
            onClose={() => setChoosingOwner(false)}
            onChosen={(member) => {
              setChoosingOwner(false);
              setRegisterFor(member.id);
            }}
          />
          <forms.Registrar
            ownerId={registerFor}
            onClose={() => setRegisterFor(null)}
            onSaved={() => setRegisterFor(null)}
          />
        </>
      )}
      <HorseViewDialog
        horseId={dialog?.kind === 'view' ? dialog.horse._id : null}
        visible={dialog?.kind === 'view'}
        onClose={close('view')}
      />
      <LazyTransferDialog
        horse={dialog?.kind === 'transfer' ? dialog.horse : null}
        visible={dialog?.kind === 'transfer'}
        onClose={close('transfer')}
        onDone={(message) => {
          toast.success(message);
          setDialog(null);
        }}
      />
      <LazyAdminPaymentDialog
        horse={
          dialog?.kind === 'record-payment' || dialog?.kind === 'undo-payment'
            ? {
                id: dialog.horse._id,
                name: horseDisplayName(dialog.horse),
                paymentStatus: dialog.horse.paymentStatus,
                performanceVerification: dialog.horse.performanceVerification,
                feesPaid: dialog.horse.feesPaid,
              }
            : null
        }
        mode={
          dialog?.kind === 'record-payment'
            ? 'record'
            : dialog?.kind === 'undo-payment'
              ? 'undo'
              : null
        }
        onClose={() => setDialog(null)}
        onDone={(message) => {
          toast.success(message);
          setDialog(null);
        }}
      />
      <LazyConfirmDialog
        visible={dialog?.kind === 'delete'}
        title="Delete horse"
        busy={deletion.busy}
        onConfirm={() => dialog?.kind === 'delete' && void confirmDelete(dialog.horse)}
        onCancel={close('delete')}
      >
        <p className="mb-0">
          Delete <strong>{dialog ? horseDisplayName(dialog.horse) : ''}</strong> with all its files?
          This cannot be undone.
        </p>
        {deletion.error && (
          <CAlert color="danger" className="mt-3 mb-0" role="alert">
            {deletion.error}
          </CAlert>
        )}
      </LazyConfirmDialog>
    </>
  );
}
