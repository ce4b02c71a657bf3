import { useState } from 'react';
import { CAlert, CButton, CFormInput, CFormLabel, CFormSelect, CSpinner } from '@coreui/react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { APPROVAL_LABELS, PAYMENT_LABELS } from '../../components/status-badges';
import type { ApiError } from '../../lib/api-client';
import type { AdminHorse, SortState } from '../../lib/admin-types';
import { downloadFromApi } from '../../lib/download';
import { useHorseForms } from '../../lib/horse-editor';
import { horseDisplayName } from '../../lib/horse-types';
import { ROUTES } from '../../lib/routes';
import { useDebouncedValue } from '../../lib/use-api-query';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { useToast } from '../../stores/use-toast';
import {
  EMPTY_HORSE_FILTERS,
  HORSES_PAGE_SIZE,
  certificateUrl,
  deleteAdminHorse,
  useAdminHorses,
  type AdminHorseFilters,
  type AdminHorseSortField,
} from './api';
import { AdminHorseCards, AdminHorsesTable, type HorseAction } from './admin-horses-table';
import { HorseViewDialog } from './horse-view-dialog';
import { MemberPicker } from './member-picker';
import { RegisterForDialog } from './register-for-dialog';
import { TransferDialog } from './transfer-dialog';

type Dialog = { kind: 'view' | 'delete' | 'transfer'; horse: AdminHorse } | null;

/** Every horse of the registry, for administrators (spec §2.1 /admin/horse-list). */
export default function AdminHorseListPage() {
  const toast = useToast();
  const [filters, setFilters] = useState<AdminHorseFilters>(EMPTY_HORSE_FILTERS);
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<SortState<AdminHorseSortField>>({
    field: 'createdAt',
    order: 'desc',
  });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const forms = useHorseForms();
  const [choosingOwner, setChoosingOwner] = useState(false);
  const [registerFor, setRegisterFor] = useState<string | null>(null);
  const q = useDebouncedValue(filters.q, 300);
  const { data, error, loading, reload } = useAdminHorses({ ...filters, q }, page, sort);
  const Horses = useMediaQuery(PHONE_QUERY) ? AdminHorseCards : AdminHorsesTable;
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / (data?.pageSize || HORSES_PAGE_SIZE)));
  const filtered =
    filters.q.trim() !== '' ||
    filters.approvalStatus !== '' ||
    filters.paymentStatus !== '' ||
    filters.owner !== null;

  const update = <K extends keyof AdminHorseFilters>(key: K, value: AdminHorseFilters[K]) => {
    setFilters((previous) => ({ ...previous, [key]: value }));
    setPage(1);
  };
  // CoreUI calls onClose when a modal finishes hiding; close only the current dialog.
  const close = (kind: NonNullable<Dialog>['kind']) => () =>
    setDialog((open) => (open?.kind === kind ? null : open));

  const onAction = (action: HorseAction, horse: AdminHorse) => {
    setDeleteError(null);
    if (action === 'certificate') {
      downloadFromApi(certificateUrl(horse._id), `certificate-${horse.registrationNum}.pdf`).catch(
        (caught: ApiError) => toast.danger(caught.error),
      );
    } else if (action === 'edit') {
      setEditingId(horse._id);
    } else if (action === 'view' || action === 'delete' || action === 'transfer') {
      setDialog({ kind: action, horse });
    }
  };

  const confirmDelete = async () => {
    if (dialog?.kind !== 'delete') return;
    setBusy(true);
    try {
      const result = await deleteAdminHorse(dialog.horse._id);
      toast.success(result.message ?? 'Horse deleted');
      setDialog(null);
      reload();
    } catch (caught) {
      setDeleteError((caught as ApiError).error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={ROUTES.horseList.title}
        lead="Every horse of the registry."
        actions={
          forms && (
            <CButton color="primary" className="text-nowrap" onClick={() => setChoosingOwner(true)}>
              Register horse for a member
            </CButton>
          )
        }
      />

      <form
        className="row g-2 align-items-end mb-3"
        role="search"
        aria-label="Filter horses"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="col-12 col-lg-4">
          <CFormLabel htmlFor="horses-q">Name, registration number, sire or dam</CFormLabel>
          <CFormInput
            id="horses-q"
            type="search"
            value={filters.q}
            onChange={(event) => update('q', event.target.value)}
          />
        </div>
        <div className="col-6 col-md-3 col-lg-2">
          <CFormLabel htmlFor="horses-approval">Approval status</CFormLabel>
          <CFormSelect
            id="horses-approval"
            value={filters.approvalStatus}
            onChange={(event) =>
              update('approvalStatus', event.target.value as AdminHorseFilters['approvalStatus'])
            }
          >
            <option value="">Any</option>
            {Object.entries(APPROVAL_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </CFormSelect>
        </div>
        <div className="col-6 col-md-3 col-lg-2">
          <CFormLabel htmlFor="horses-payment">Payment status</CFormLabel>
          <CFormSelect
            id="horses-payment"
            value={filters.paymentStatus}
            onChange={(event) =>
              update('paymentStatus', event.target.value as AdminHorseFilters['paymentStatus'])
            }
          >
            <option value="">Any</option>
            {Object.entries(PAYMENT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </CFormSelect>
        </div>
        <div className="col-12 col-md-6 col-lg-4">
          <MemberPicker
            label="Owner"
            value={filters.owner ? { ...filters.owner, memberNumber: null, active: true } : null}
            onChange={(member) => update('owner', member)}
            allowInactive
          />
        </div>
        {filtered && (
          <div className="col-12">
            <CButton
              color="secondary"
              variant="ghost"
              size="sm"
              onClick={() => {
                setFilters(EMPTY_HORSE_FILTERS);
                setPage(1);
              }}
            >
              Clear filters
            </CButton>
          </div>
        )}
      </form>

      {error && !loading && (
        <CAlert color="danger" className="d-flex flex-wrap align-items-center gap-2">
          <span>The horses could not be loaded: {error.error}</span>
          <CButton color="danger" variant="outline" size="sm" className="ms-auto" onClick={reload}>
            Try again
          </CButton>
        </CAlert>
      )}
      {loading && !data ? (
        <div className="d-flex justify-content-center py-5" role="status">
          <CSpinner color="primary" aria-hidden="true" />
          <span className="visually-hidden">Loading horses…</span>
        </div>
      ) : items.length === 0 && !error ? (
        <EmptyState title={filtered ? 'No horses match these filters' : 'No horses yet'}>
          {filtered ? 'Try fewer filters.' : 'Horses appear here as soon as members register them.'}
        </EmptyState>
      ) : (
        items.length > 0 && (
          <Horses
            horses={items}
            busy={loading}
            label={`Horses, page ${page} of ${pageCount}`}
            sort={sort}
            onSort={(next) => {
              setSort(next);
              setPage(1);
            }}
            onAction={onAction}
            canEdit={forms !== null}
          />
        )
      )}
      {total > 0 && (
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
          <span className="text-body-secondary small">
            {total} {total === 1 ? 'horse' : 'horses'}
          </span>
          <Pager page={page} pageCount={pageCount} onChange={setPage} label="Horse list pages" />
        </div>
      )}

      {forms && (
        <>
          <forms.Editor
            horseId={editingId}
            onClose={() => setEditingId(null)}
            onSaved={() => {
              setEditingId(null);
              reload();
            }}
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
            onSaved={() => {
              setRegisterFor(null);
              reload();
            }}
          />
        </>
      )}
      <HorseViewDialog
        horseId={dialog?.kind === 'view' ? dialog.horse._id : null}
        visible={dialog?.kind === 'view'}
        onClose={close('view')}
      />
      <TransferDialog
        horse={dialog?.kind === 'transfer' ? dialog.horse : null}
        visible={dialog?.kind === 'transfer'}
        onClose={close('transfer')}
        onDone={(message) => {
          toast.success(message);
          setDialog(null);
          reload();
        }}
      />
      <ConfirmDialog
        visible={dialog?.kind === 'delete'}
        title="Delete horse"
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={close('delete')}
      >
        <p className="mb-0">
          Delete <strong>{dialog ? horseDisplayName(dialog.horse) : ''}</strong> with all its files?
          This cannot be undone.
        </p>
        {deleteError && (
          <CAlert color="danger" className="mt-3 mb-0" role="alert">
            {deleteError}
          </CAlert>
        )}
      </ConfirmDialog>
    </>
  );
}
