import { useState } from 'react';
import { CButton, CTableDataCell, CTableHeaderCell } from '@coreui/react';
import { changeFieldLabel } from '@registry/domain';
import { TableCard } from '../../components/data-table';
import { PagedList, type ListWords } from '../../components/list-states';
import type { ChangeRequest } from '../../lib/admin-types';
import { formatDaySlashed, ownerName } from '../../lib/format';
import { useToast } from '../../stores/use-toast';
import { useInvalidate } from '../../stores/server-api';
import { QUEUE_PAGE_SIZE, useChangeRequests } from './api';
import { lazyDialog } from '../../components/lazy-dialog';

const WORDS: ListWords = {
  failed: 'The changes could not be loaded',
  loading: 'Loading the changes…',
  count: (total) => `${total} change${total === 1 ? '' : 's'} waiting`,
  pager: 'Change pages',
  none: ['No changes to review', 'When an owner edits an approved horse, the change waits here.'],
};

const fieldsOf = (request: ChangeRequest) => {
  const labels = request.changes.map((c) => changeFieldLabel(c.field));
  return labels.length > 3
    ? `${labels.slice(0, 3).join(', ')} and ${labels.length - 3} more`
    : labels.join(', ');
};

/** The queue's second part: members' changes to approved records (issue 20 §2). */
/** Fetched on intent, like the queue's own dialogs (horse-approvals-page). */
const ChangeRequestDialog = lazyDialog(
  () => import('./change-request-dialog').then((m) => m.ChangeRequestDialog),
  'Opening the change',
);
const preloadDialog = () => void ChangeRequestDialog.preload();

export function ChangeRequestsSection() {
  const toast = useToast();
  const [page, setPage] = useState(1);
  const query = useChangeRequests(page);
  const [selected, setSelected] = useState<ChangeRequest | null>(null);
  const [open, setOpen] = useState(false);
  const invalidate = useInvalidate();
  // The request as the queue last answered it: after "Review again" the owner's new version.
  const current = query.data?.items.find((request) => request.id === selected?.id) ?? selected;

  return (
    <section
      aria-labelledby="change-requests-title"
      className="mt-4"
      onPointerOverCapture={preloadDialog}
      onFocusCapture={preloadDialog}
    >
      <h2 id="change-requests-title" className="h5">
        Changes to approved records
      </h2>
      <PagedList query={query} paging={{ page, setPage, pageSize: QUEUE_PAGE_SIZE }} words={WORDS}>
        {(requests) => (
          <TableCard
            label="Changes to approved records"
            columns={['Horse', 'Owner', 'Sent', 'Fields']}
            actions
            items={requests}
            keyOf={(request) => request.id}
          >
            {(request) => (
              <>
                <CTableHeaderCell scope="row">
                  {request.horseName}
                  {request.registrationNumber && (
                    <span className="d-block small text-body-secondary">
                      {request.registrationNumber}
                    </span>
                  )}
                </CTableHeaderCell>
                <CTableDataCell>{ownerName(request.owner)}</CTableDataCell>
                <CTableDataCell>{formatDaySlashed(request.updatedAt)}</CTableDataCell>
                <CTableDataCell>{fieldsOf(request)}</CTableDataCell>
                <CTableDataCell className="text-end">
                  <CButton
                    size="sm"
                    color="primary"
                    variant="outline"
                    onClick={() => {
                      setSelected(request);
                      setOpen(true);
                    }}
                  >
                    Review change<span className="visually-hidden"> to {request.horseName}</span>
                  </CButton>
                </CTableDataCell>
              </>
            )}
          </TableCard>
        )}
      </PagedList>
      <ChangeRequestDialog
        request={current}
        visible={open}
        onClose={() => setOpen(false)}
        onDone={(message) => {
          toast.success(message);
          setOpen(false);
        }}
        onReviewAgain={() => invalidate('ChangeRequest')}
      />
    </section>
  );
}
