import { lazy, Suspense, useState } from 'react';
import { PAYMENT_MESSAGES } from '@registry/domain';
import { CButton } from '@coreui/react';
import { LazyConfirmDialog } from '../../components/lazy-confirm-dialog';
import { lazyDialog } from '../../components/lazy-dialog';
import { PageHeader } from '../../components/page-header';
import { PagedList, countOf, type ListWords } from '../../components/list-states';
import { FilterSelect, ListToolbar, SearchField } from '../../components/list-toolbar';
import type { ApiError } from '../../lib/api-client';
import { APPROVAL_STATUSES, horseDisplayName, type ApprovalStatus } from '../../lib/horse-types';
import type { HorseSummary } from '../../lib/horse-summaries';
import { useListQuery } from '../../lib/use-list-query';
import { ROUTES } from '../../lib/routes';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useInvalidate } from '../../stores/server-api';
import { useToast } from '../../stores/use-toast';
import {
  cancelWaitingPayment,
  fetchPaymentStatus,
  type PaymentIntentStatus,
} from '../payments/payments-api';
import { DeleteHorseNotice } from './delete-horse-notice';
import { MyDrafts } from './drafts/my-drafts';
import { useDeleteHorse, useMyHorses } from './api/use-horses';
import { HorseModalHost, preloadHorseForm, type HorseModalState } from './horse-modal-host';
import { MyHorses, paymentIntentOf } from './my-horses-list';
import { APPROVAL_LABELS } from './status-badges';
import { MyTransfersSection } from './transfers/my-transfers-section';
import { useMyTransfers } from './transfers/transfers-api';

export const MY_HORSES_PAGE_SIZE = 10;

/**
 * The transfer and breeding-report dialogs validate with zod: fetched when first opened (or on
 * intent, below), not with the list, whose first load then runs no zod at all
 * (docs/decisions/0062-code-fetched-on-intent.md).
 */
const StartTransferDialog = lazyDialog(
  () => import('./transfers/start-transfer-dialog').then((m) => m.StartTransferDialog),
  'Opening the transfer',
  (props) => props.horse !== null,
);
const StallionReportsDialog = lazyDialog(
  () => import('../breeding-reports/stallion-reports-dialog').then((m) => m.StallionReportsDialog),
  'Opening the breeding reports',
  (props) => props.horse !== null,
);

/** View and Edit open the form, Delete its confirmation, and the rows' other dialogs. */
function preloadListDialogs() {
  preloadHorseForm();
  void LazyConfirmDialog.preload();
  void StartTransferDialog.preload();
  void StallionReportsDialog.preload();
}

/** Its own chunk, like the registration form: the list loads without the payment fields. */
const PayDialog = lazy(() => import('./my-horses-pay-dialog'));

/** The provider's status in words, with the toast it deserves. */
const STATUS_WORDS: Record<PaymentIntentStatus, [string, 'success' | 'danger' | 'info']> = {
  succeeded: ['Payment succeeded', 'success'],
  processing: ['Payment is processing', 'info'],
  requires_action: ['Payment is waiting for your approval', 'info'],
  failed: ['Payment failed', 'danger'],
  canceled: ['Payment was canceled', 'danger'],
  refunded: ['Payment was refunded', 'info'],
  disputed: ['Payment is disputed', 'danger'],
};

/** The list's words; the empty list's invitation, with its button, is added by the page. */
const WORDS: Omit<ListWords, 'none'> = {
  rows: 'My horses',
  failed: 'Your horses could not be loaded',
  loading: 'Loading your horses…',
  count: (total, more) => countOf(total, 'horse', 'horses', more),
  pager: 'My horses pages',
  noMatch: ['No horses match these filters', 'Try another name or status.'],
};

function RegisterButton({ onClick }: { onClick: () => void }) {
  return (
    <CButton
      color="primary"
      onClick={onClick}
      onPointerEnter={preloadHorseForm}
      onFocus={preloadHorseForm}
    >
      Register Horse
    </CButton>
  );
}

/** The signed-in member's own horses (spec §2.1 /horse-list). */
export default function MyHorsesPage() {
  const toast = useToast();
  const { filters, page, setPage, setFilter } = useListQuery<{
    search: string;
    approvalStatus: ApprovalStatus | '';
  }>({ search: '', approvalStatus: '' }, null);
  const { approvalStatus } = filters;
  const q = useDebouncedValue(filters.search.trim(), 300);
  const [modal, setModal] = useState<HorseModalState | null>(null);
  // The horse stays set while the dialog fades out, so its text does not vanish first.
  const [toDelete, setToDelete] = useState<HorseSummary | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [paying, setPaying] = useState<HorseSummary | null>(null);
  const [checkingId, setCheckingId] = useState<string | null>(null);
  const [transferring, setTransferring] = useState<HorseSummary | null>(null);
  const [reporting, setReporting] = useState<HorseSummary | null>(null);
  const transfers = useMyTransfers();
  // The horses this member is selling: their rows offer no Edit and no second transfer.
  const openTransfers = new Set(
    (Array.isArray(transfers.data?.transfers) ? transfers.data.transfers : [])
      .filter(
        (t) =>
          t.role === 'seller' &&
          ['awaiting_buyer', 'awaiting_payment', 'awaiting_office'].includes(t.status),
      )
      .map((t) => t.horse.id),
  );

  const query = useMyHorses({
    page,
    pageSize: MY_HORSES_PAGE_SIZE,
    approvalStatus,
    q,
  });
  const deleteHorse = useDeleteHorse();
  const invalidate = useInvalidate();
  const filtered = approvalStatus !== '' || q !== '';

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await deleteHorse(toDelete._id).unwrap();
      toast.success(`${horseDisplayName(toDelete)} deleted`);
      setConfirmOpen(false);
      // The last row of a page going away moves back one page.
      if (query.data?.items.length === 1 && page > 1) setPage(page - 1);
    } catch (caught) {
      toast.danger((caught as ApiError).error);
    } finally {
      setDeleting(false);
    }
  }

  async function checkPayment(horse: HorseSummary) {
    const paymentIntentId = paymentIntentOf(horse);
    if (!paymentIntentId) return;
    setCheckingId(horse._id);
    try {
      const status = await fetchPaymentStatus(paymentIntentId);
      const [words, kind] = STATUS_WORDS[status] ?? [`Payment status: ${status}`, 'info'];
      toast[kind](`${horseDisplayName(horse)}: ${words}`);
      invalidate('Payment');
    } catch {
      toast.danger(PAYMENT_MESSAGES.statusCheckFailed);
    } finally {
      setCheckingId(null);
    }
  }

  /** "Pay another way": the payment waiting for approval goes, then the Pay dialog opens. */
  async function payAnotherWay(horse: HorseSummary) {
    setCheckingId(horse._id);
    try {
      const message = await cancelWaitingPayment(horse._id);
      toast.info(message);
      invalidate('Payment');
      setPaying({ ...horse, paymentStatus: 'unpaid', paymentIntentId: null });
    } catch (caught) {
      toast.danger((caught as ApiError).error);
      invalidate('Payment');
    } finally {
      setCheckingId(null);
    }
  }

  const openRegister = () => setModal({ mode: 'register' });
  // Bumped when the form closes: the drafts list then shows what the form saved.
  const [draftsVersion, setDraftsVersion] = useState(0);

  return (
    <>
      <PageHeader
        title={ROUTES.myHorses.title}
        lead="Your registrations with their approval and payment status."
        actions={<RegisterButton onClick={openRegister} />}
      />

      <MyDrafts
        version={draftsVersion}
        onContinue={(draftId) => setModal({ mode: 'register', draftId })}
      />

      <MyTransfersSection query={transfers} />

      <ListToolbar label="Filter my horses">
        <SearchField
          id="my-horses-search"
          label="Search"
          placeholder="Name or registration number"
          className="col-12 col-sm-7 col-md-5"
          value={filters.search}
          onChange={(value) => setFilter('search', value)}
        />
        <FilterSelect
          id="my-horses-status"
          label="Approval status"
          anyLabel="All"
          className="col-12 col-sm-5 col-md-3"
          choices={APPROVAL_STATUSES.map((status) => [status, APPROVAL_LABELS[status]] as const)}
          value={approvalStatus}
          onChange={(value) => setFilter('approvalStatus', value as ApprovalStatus | '')}
        />
      </ListToolbar>

      <PagedList
        query={query}
        paging={{ page, setPage, pageSize: MY_HORSES_PAGE_SIZE }}
        words={{
          ...WORDS,
          none: [
            'No horses yet',
            <>
              <p>Register your first horse: its approval and payment status will show here.</p>
              <RegisterButton onClick={openRegister} />
            </>,
          ],
        }}
        filtered={filtered}
      >
        {(horses, rows) => (
          // View and Edit open the form, Delete its confirmation: a pointer over the list or
          // focus in it fetches both.
          <div onPointerOverCapture={preloadListDialogs} onFocusCapture={preloadListDialogs}>
            <MyHorses
              horses={horses}
              {...rows}
              onOpen={setModal}
              onPay={setPaying}
              onCheckPayment={(horse) => void checkPayment(horse)}
              onPayAnotherWay={(horse) => void payAnotherWay(horse)}
              checkingId={checkingId}
              onTransfer={setTransferring}
              openTransfers={openTransfers}
              onBreedingReports={setReporting}
              onDelete={(target) => {
                setToDelete(target);
                setConfirmOpen(true);
              }}
            />
          </div>
        )}
      </PagedList>

      <HorseModalHost
        state={modal}
        onClose={() => {
          setModal(null);
          setDraftsVersion((v) => v + 1);
        }}
      />

      {paying && (
        <Suspense fallback={null}>
          <PayDialog
            horse={paying}
            onClose={() => setPaying(null)}
            onFinished={() => {
              setPaying(null);
              invalidate('Payment');
            }}
          />
        </Suspense>
      )}

      <StartTransferDialog
        horse={transferring}
        terms={
          typeof transfers.data?.terms?.feeCents === 'number' ? transfers.data.terms : undefined
        }
        onClose={() => setTransferring(null)}
        onDone={(message) => {
          toast.success(message);
          setTransferring(null);
        }}
      />

      <StallionReportsDialog
        horse={reporting && { _id: reporting._id, name: horseDisplayName(reporting) }}
        onClose={() => setReporting(null)}
      />

      <LazyConfirmDialog
        visible={confirmOpen}
        title="Delete horse"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirmOpen(false)}
      >
        {toDelete && <DeleteHorseNotice horse={toDelete} />}
      </LazyConfirmDialog>
    </>
  );
}
