import { useState } from 'react';
import { CButton, CTableDataCell, CTableHeaderCell } from '@coreui/react';
import { TableOrCards, horseKey } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { PagedList, type ListWords } from '../../components/list-states';
import { useShownAnswer } from '../../lib/use-shown-answer';
import { ListToolbar } from '../../components/list-toolbar';
import { FilterFields, type FilterField } from '../../components/filter-fields';
import { PaymentStatusBadge } from '../../components/status-badges';
import type { AdminHorse, AdminHorseSummary } from '../../lib/admin-types';
import { formatDaySlashed, ownerName } from '../../lib/format';
import { horseDisplayName } from '../../lib/horse-types';
import { useListQuery } from '../../lib/use-list-query';
import { ROUTES } from '../../lib/routes';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useToast } from '../../stores/use-toast';
import { useInvalidate } from '../../stores/server-api';
import { QUEUE_PAGE_SIZE, usePendingHorses } from './api';
import { OfficeReportsSection } from '../breeding-reports/office-reports-section';
import { ChangeRequestsSection } from './change-requests-section';
import { MemberTransfersSection } from './member-transfers-section';

/**
 * The queue's dialogs (and the record they show, with zod's checks of a decision) are fetched
 * when the office first points at a row or opens one, not with the queue: the page's first load
 * then evaluates only the list (docs/decisions/0062-code-fetched-on-intent.md).
 */
const ReviewDialog = lazyDialog(
  () => import('./review-dialog').then((m) => m.ReviewDialog),
  'Opening the registration',
);
const ApproveDialog = lazyDialog(
  () => import('./approve-dialog').then((m) => m.ApproveDialog),
  'Opening the approval',
);
const RejectDialog = lazyDialog(
  () => import('./reject-dialog').then((m) => m.RejectDialog),
  'Opening the rejection',
);
const preloadQueueDialogs = preloadAll(ReviewDialog, ApproveDialog, RejectDialog);
import { lazyDialog, preloadAll } from '../../components/lazy-dialog';

const WORDS: ListWords = {
  failed: 'The queue could not be loaded',
  loading: 'Loading the queue…',
  count: (total) => `${total} pending`,
  pager: 'Queue pages',
  none: ['Nothing to review', 'New registrations appear here as members submit them.'],
  noMatch: ['No pending registration matches', 'Try another name.'],
};

type Dialog = 'review' | 'approve' | 'reject' | null;

type QueueFilters = { q: string; breeding: string };

const FIELDS: ReadonlyArray<FilterField<QueueFilters>> = [
  { search: 'q', label: 'Name choice or sire/dam', column: 'col-12 col-md-6 col-lg-5' },
  {
    select: 'breeding',
    label: 'Breeding report',
    column: 'col-12 col-md-6 col-lg-4',
    choices: [
      ['no-report', 'No breeding report'],
      ['linked', 'From a reported breeding'],
    ],
  },
];

interface QueueProps {
  horses: AdminHorseSummary[];
  onReview: (h: AdminHorseSummary) => void;
}

/** One queued horse and what opens its review, for its row, its card and its button. */
type QueuedProps = { horse: AdminHorseSummary } & Pick<QueueProps, 'onReview'>;

function ReviewButton({ horse, onReview }: QueuedProps) {
  return (
    <CButton size="sm" color="primary" variant="outline" onClick={() => onReview(horse)}>
      Review<span className="visually-hidden"> {horseDisplayName(horse)}</span>
    </CButton>
  );
}

/**
 * The queued horse's name, with the server's flag when no stallion breeding report names this
 * foal's sire and dam in time.
 */
function QueuedName({ horse }: { horse: AdminHorseSummary }) {
  return (
    <>
      {horseDisplayName(horse)}
      {horse.noBreedingReport && (
        <span className="badge bg-warning text-dark ms-1 align-middle">No breeding report</span>
      )}
    </>
  );
}

/** One queued horse's cells in the table (tablets and wider). */
function QueueRow({ horse, onReview }: QueuedProps) {
  return (
    <>
      <CTableHeaderCell scope="row">
        <QueuedName horse={horse} />
      </CTableHeaderCell>
      <CTableDataCell>{ownerName(horse.owner)}</CTableDataCell>
      <CTableDataCell>{formatDaySlashed(horse.createdAt)}</CTableDataCell>
      <CTableDataCell>{horse.performanceVerification === 'Yes' ? 'Asked' : 'No'}</CTableDataCell>
      <CTableDataCell>
        <PaymentStatusBadge status={horse.paymentStatus} />
      </CTableDataCell>
      <CTableDataCell className="text-end">
        <ReviewButton horse={horse} onReview={onReview} />
      </CTableDataCell>
    </>
  );
}

/** One queued horse's card (phones). */
function QueueCard({ horse, onReview }: QueuedProps) {
  return (
    <>
      <h2 className="h6 mb-1">
        <QueuedName horse={horse} />
      </h2>
      <p className="small mb-2">
        {ownerName(horse.owner)} · {formatDaySlashed(horse.createdAt)} ·{' '}
        <PaymentStatusBadge status={horse.paymentStatus} />
      </p>
      <ReviewButton horse={horse} onReview={onReview} />
    </>
  );
}

/** The queue as a table on tablets and wider, as cards on phones. */
function Queue({ horses, onReview }: QueueProps) {
  return (
    <TableOrCards
      label="Pending registrations"
      columns={['Name choices', 'Owner', 'Submitted', 'Verification', 'Payment']}
      actions
      items={horses}
      keyOf={horseKey}
      row={(horse) => <QueueRow horse={horse} onReview={onReview} />}
      card={(horse) => <QueueCard horse={horse} onReview={onReview} />}
    />
  );
}

/** The approval queue (spec §2.1 /admin/horse-reject-approve, issue 6 item 3). */
export default function HorseApprovalsPage() {
  const toast = useToast();
  const invalidate = useInvalidate();
  // A decision refused because the horse changed (409): the review shows it as it is now.
  const reviewAgain = () => {
    invalidate('Horse');
    setDialog('review');
  };
  const { filters, page, setPage, setFilter } = useListQuery<QueueFilters>(
    { q: '', breeding: '' },
    null,
  );
  const paging = { page, setPage, pageSize: QUEUE_PAGE_SIZE };
  const search = useDebouncedValue(filters.q, 300);
  const query = usePendingHorses(page, search, filters.breeding);
  // The queue's row under review (its id), and the full record the review loaded, which the
  // approve and reject dialogs act on.
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [selected, setSelected] = useState<AdminHorse | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  // CoreUI calls onClose when a modal finishes hiding, also when we hid it to open the next
  // one: close only the dialog that is still the current one.
  const closeIf = (which: Dialog) => () => setDialog((open) => (open === which ? null : open));
  // The changes below wait for the queue's first answer: shown at once, the queue's rows
  // arriving above pushed them down the page (Lighthouse: CLS 0.07-0.1 on a phone).
  // The sections below appear with the queue's rows, which PagedList draws a moment after the
  // answer (useShownAnswer).
  const shownQueue = useShownAnswer(query);
  const queueAnswered = shownQueue.data !== undefined || shownQueue.error !== undefined;

  return (
    <>
      <PageHeader
        title={ROUTES.horseApprovals.title}
        lead="Registrations and changes to approved records waiting for a decision, oldest first."
      />
      <ListToolbar label="Search pending registrations" className="row g-2 mb-3">
        <FilterFields idPrefix="queue" fields={FIELDS} filters={filters} setFilter={setFilter} />
      </ListToolbar>

      <PagedList
        query={query}
        paging={paging}
        words={WORDS}
        filtered={search.trim() !== '' || filters.breeding !== ''}
      >
        {(horses) => (
          // A pointer over the queue or focus in it fetches its dialogs.
          <div onPointerOverCapture={preloadQueueDialogs} onFocusCapture={preloadQueueDialogs}>
            <Queue
              horses={horses}
              onReview={(horse) => {
                setReviewing(horse._id);
                setDialog('review');
              }}
            />
          </div>
        )}
      </PagedList>
      {queueAnswered && <ChangeRequestsSection />}
      {queueAnswered && <MemberTransfersSection />}
      {queueAnswered && <OfficeReportsSection />}

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
        onReviewAgain={reviewAgain}
      />
      <RejectDialog
        horse={selected}
        visible={dialog === 'reject'}
        onClose={closeIf('reject')}
        onDone={(_rejected, message) => {
          toast.success(message);
          setDialog(null);
        }}
        onReviewAgain={reviewAgain}
      />
    </>
  );
}
