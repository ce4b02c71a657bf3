import { useState } from 'react';
import {
  CAlert,
  CButton,
  CCard,
  CCardBody,
  CFormInput,
  CFormLabel,
  CSpinner,
  CTable,
  CTableBody,
  CTableDataCell,
  CTableHead,
  CTableHeaderCell,
  CTableRow,
} from '@coreui/react';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { PaymentStatusBadge } from '../../components/status-badges';
import type { AdminHorse } from '../../lib/admin-types';
import { formatDaySlashed } from '../../lib/format';
import { horseDisplayName } from '../../lib/horse-types';
import { ROUTES } from '../../lib/routes';
import { useDebouncedValue } from '../../lib/use-api-query';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { useToast } from '../../stores/use-toast';
import { QUEUE_PAGE_SIZE, usePendingHorses } from './api';
import { ApproveDialog } from './approve-dialog';
import { RejectDialog } from './reject-dialog';
import { ReviewDialog } from './review-dialog';

type Dialog = 'review' | 'approve' | 'reject' | null;

function QueueTable({
  horses,
  onReview,
}: {
  horses: AdminHorse[];
  onReview: (h: AdminHorse) => void;
}) {
  return (
    <CCard>
      <CCardBody className="p-0">
        <CTable responsive hover align="middle" className="mb-0" aria-label="Pending registrations">
          <CTableHead>
            <CTableRow>
              <CTableHeaderCell scope="col">Name choices</CTableHeaderCell>
              <CTableHeaderCell scope="col">Owner</CTableHeaderCell>
              <CTableHeaderCell scope="col">Submitted</CTableHeaderCell>
              <CTableHeaderCell scope="col">Verification</CTableHeaderCell>
              <CTableHeaderCell scope="col">Payment</CTableHeaderCell>
              <CTableHeaderCell scope="col">
                <span className="visually-hidden">Actions</span>
              </CTableHeaderCell>
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
                  <CButton
                    size="sm"
                    color="primary"
                    variant="outline"
                    onClick={() => onReview(horse)}
                  >
                    Review<span className="visually-hidden"> {horseDisplayName(horse)}</span>
                  </CButton>
                </CTableDataCell>
              </CTableRow>
            ))}
          </CTableBody>
        </CTable>
      </CCardBody>
    </CCard>
  );
}

function QueueCards({
  horses,
  onReview,
}: {
  horses: AdminHorse[];
  onReview: (h: AdminHorse) => void;
}) {
  return (
    <ul className="list-unstyled d-grid gap-2 mb-0" aria-label="Pending registrations">
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
    </ul>
  );
}

/** The approval queue (spec §2.1 /admin/horse-reject-approve, issue 6 item 3). */
export default function HorseApprovalsPage() {
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const search = useDebouncedValue(q, 300);
  const { data, error, loading, reload } = usePendingHorses(page, search);
  const [selected, setSelected] = useState<AdminHorse | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  // CoreUI calls onClose when a modal finishes hiding, also when we hid it to open the next
  // one: close only the dialog that is still the current one.
  const closeIf = (which: Dialog) => () => setDialog((open) => (open === which ? null : open));
  const Queue = useMediaQuery(PHONE_QUERY) ? QueueCards : QueueTable;
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / (data?.pageSize || QUEUE_PAGE_SIZE)));

  return (
    <>
      <PageHeader
        title={ROUTES.horseApprovals.title}
        lead="Registrations waiting for a decision, oldest first."
      />
      <form
        className="row g-2 mb-3"
        role="search"
        aria-label="Search pending registrations"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="col-12 col-md-6 col-lg-5">
          <CFormLabel htmlFor="queue-q">Name choice or sire/dam</CFormLabel>
          <CFormInput
            id="queue-q"
            type="search"
            value={q}
            onChange={(event) => {
              setQ(event.target.value);
              setPage(1);
            }}
          />
        </div>
      </form>

      {error && !loading && (
        <CAlert color="danger" className="d-flex flex-wrap align-items-center gap-2">
          <span>The queue could not be loaded: {error.error}</span>
          <CButton color="danger" variant="outline" size="sm" className="ms-auto" onClick={reload}>
            Try again
          </CButton>
        </CAlert>
      )}
      {loading && !data ? (
        <div className="d-flex justify-content-center py-5" role="status">
          <CSpinner color="primary" aria-hidden="true" />
          <span className="visually-hidden">Loading the queue…</span>
        </div>
      ) : items.length === 0 && !error ? (
        <EmptyState title={search.trim() ? 'No pending registration matches' : 'Nothing to review'}>
          {search.trim()
            ? 'Try another name.'
            : 'New registrations appear here as members submit them.'}
        </EmptyState>
      ) : (
        items.length > 0 && (
          <Queue
            horses={items}
            onReview={(horse) => {
              setSelected(horse);
              setDialog('review');
            }}
          />
        )
      )}
      {total > 0 && (
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
          <span className="text-body-secondary small">{total} pending</span>
          <Pager page={page} pageCount={pageCount} onChange={setPage} label="Queue pages" />
        </div>
      )}

      <ReviewDialog
        horseId={selected?._id ?? null}
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
          reload();
        }}
      />
      <RejectDialog
        horse={selected}
        visible={dialog === 'reject'}
        onClose={closeIf('reject')}
        onDone={(_rejected, message) => {
          toast.success(message);
          setDialog(null);
          reload();
        }}
      />
    </>
  );
}
