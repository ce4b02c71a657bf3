import { useState } from 'react';
import {
  CButton,
  CCard,
  CCardBody,
  CTableBody,
  CTableDataCell,
  CTableHead,
  CTableHeaderCell,
  CTableRow,
} from '@coreui/react';
import { ActionsHeaderCell, CardList, TableCard } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { ListFooter, ListStates } from '../../components/list-states';
import { ListToolbar, SearchField } from '../../components/list-toolbar';
import { PaymentStatusBadge } from '../../components/status-badges';
import type { AdminHorse, AdminHorseSummary } from '../../lib/admin-types';
import { formatDaySlashed } from '../../lib/format';
import { horseDisplayName } from '../../lib/horse-types';
import { pageOf } from '../../lib/paging';
import { useListQuery } from '../../lib/use-list-query';
import { ROUTES } from '../../lib/routes';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { useToast } from '../../stores/use-toast';
import { QUEUE_PAGE_SIZE, usePendingHorses } from './api';
import { ApproveDialog } from './approve-dialog';
import { ChangeRequestsSection } from './change-requests-section';
import { RejectDialog } from './reject-dialog';
import { ReviewDialog } from './review-dialog';

type Dialog = 'review' | 'approve' | 'reject' | null;

function QueueTable({
  horses,
  onReview,
}: {
  horses: AdminHorseSummary[];
  onReview: (h: AdminHorseSummary) => void;
}) {
  return (
    <TableCard label="Pending registrations">
      <CTableHead>
        <CTableRow>
          <CTableHeaderCell scope="col">Name choices</CTableHeaderCell>
          <CTableHeaderCell scope="col">Owner</CTableHeaderCell>
          <CTableHeaderCell scope="col">Submitted</CTableHeaderCell>
          <CTableHeaderCell scope="col">Verification</CTableHeaderCell>
          <CTableHeaderCell scope="col">Payment</CTableHeaderCell>
          <ActionsHeaderCell />
        </CTableRow>
      </CTableHead>
      <CTableBody>
        {horses.map((horse) => (
          <CTableRow key={horse._id}>
            <CTableHeaderCell scope="row">{horseDisplayName(horse)}</CTableHeaderCell>
            <CTableDataCell>{horse.owner?.name || horse.owner?.email || '—'}</CTableDataCell>
            <CTableDataCell>{formatDaySlashed(horse.createdAt)}</CTableDataCell>
            <CTableDataCell>
              {horse.performanceVerification === 'Yes' ? 'Asked' : 'No'}
            </CTableDataCell>
            <CTableDataCell>
              <PaymentStatusBadge status={horse.paymentStatus} />
            </CTableDataCell>
            <CTableDataCell className="text-end">
              <CButton size="sm" color="primary" variant="outline" onClick={() => onReview(horse)}>
                Review<span className="visually-hidden"> {horseDisplayName(horse)}</span>
              </CButton>
            </CTableDataCell>
          </CTableRow>
        ))}
      </CTableBody>
    </TableCard>
  );
}

function QueueCards({
  horses,
  onReview,
}: {
  horses: AdminHorseSummary[];
  onReview: (h: AdminHorseSummary) => void;
}) {
  return (
    <CardList label="Pending registrations">
      {horses.map((horse) => (
        <li key={horse._id}>
          <CCard>
            <CCardBody className="p-3">
              <h2 className="h6 mb-1">{horseDisplayName(horse)}</h2>
              <p className="small mb-2">
                {horse.owner?.name || horse.owner?.email || '—'} ·{' '}
                {formatDaySlashed(horse.createdAt)} ·{' '}
                <PaymentStatusBadge status={horse.paymentStatus} />
              </p>
              <CButton size="sm" color="primary" variant="outline" onClick={() => onReview(horse)}>
                Review<span className="visually-hidden"> {horseDisplayName(horse)}</span>
              </CButton>
            </CCardBody>
          </CCard>
        </li>
      ))}
    </CardList>
  );
}

/** The approval queue (spec §2.1 /admin/horse-reject-approve, issue 6 item 3). */
export default function HorseApprovalsPage() {
  const toast = useToast();
  const { filters, page, setPage, setFilter } = useListQuery({ q: '' }, null);
  const search = useDebouncedValue(filters.q, 300);
  const query = usePendingHorses(page, search);
  const { data } = query;
  // The queue's row under review (its id), and the full record the review loaded, which the
  // approve and reject dialogs act on.
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [selected, setSelected] = useState<AdminHorse | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  // CoreUI calls onClose when a modal finishes hiding, also when we hid it to open the next
  // one: close only the dialog that is still the current one.
  const closeIf = (which: Dialog) => () => setDialog((open) => (open === which ? null : open));
  const Queue = useMediaQuery(PHONE_QUERY) ? QueueCards : QueueTable;
  const { items, total, pageCount } = pageOf(data, QUEUE_PAGE_SIZE);

  return (
    <>
      <PageHeader
        title={ROUTES.horseApprovals.title}
        lead="Registrations and changes to approved records waiting for a decision, oldest first."
      />
      <ListToolbar label="Search pending registrations" className="row g-2 mb-3">
        <SearchField
          id="queue-q"
          label="Name choice or sire/dam"
          className="col-12 col-md-6 col-lg-5"
          value={filters.q}
          onChange={(value) => setFilter('q', value)}
        />
      </ListToolbar>

      <ListStates
        query={query}
        count={items.length}
        errorLead="The queue could not be loaded"
        loadingLabel="Loading the queue…"
        empty={
          <EmptyState
            title={search.trim() ? 'No pending registration matches' : 'Nothing to review'}
          >
            {search.trim()
              ? 'Try another name.'
              : 'New registrations appear here as members submit them.'}
          </EmptyState>
        }
      >
        <Queue
          horses={items}
          onReview={(horse) => {
            setReviewing(horse._id);
            setDialog('review');
          }}
        />
      </ListStates>
      <ListFooter
        total={total}
        summary={`${total} pending`}
        page={page}
        pageCount={pageCount}
        onPage={setPage}
        pagerLabel="Queue pages"
      />
      <ChangeRequestsSection />

      <ReviewDialog
        horseId={reviewing}
        visible={dialog === 'review'}
        onClose={closeIf('review')}
        onApprove={(horse) => {
          setSelected(horse);
          setDialog('approve');
        }}
        onReject={(horse) => {
          setSelected(horse);
          setDialog('reject');
        }}
      />
      <ApproveDialog
        horse={selected}
        visible={dialog === 'approve'}
        onClose={closeIf('approve')}
        onDone={(approved) => {
          toast.success(`Approved as ${approved.approvedName}, number ${approved.registrationNum}`);
        }}
      />
      <RejectDialog
        horse={selected}
        visible={dialog === 'reject'}
        onClose={closeIf('reject')}
        onDone={(_rejected, message) => {
          toast.success(message);
          setDialog(null);
        }}
      />
    </>
  );
}
