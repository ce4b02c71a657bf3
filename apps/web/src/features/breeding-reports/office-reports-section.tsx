import { useState } from 'react';
import { CButton, CTableDataCell, CTableHeaderCell } from '@coreui/react';
import type { BreedingReportSummary } from '@registry/domain';
import { TableOrCards } from '../../components/data-table';
import { PagedList, countOf, type ListWords } from '../../components/list-states';
import { FilterSelect, ListToolbar, SearchField } from '../../components/list-toolbar';
import { formatDaySlashed } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useToast } from '../../stores/use-toast';
import { useOfficeReports } from './api';
import { lazyDialog, preloadAll } from '../../components/lazy-dialog';
import { ReportStatus } from './report-card';

/** Fetched on intent, like the approval queue's own dialogs (approvals/horse-approvals-page). */
const ReviewReportDialog = lazyDialog(
  () => import('./review-report-dialog').then((m) => m.ReviewReportDialog),
  'Opening the breeding report',
  (props) => props.reportId !== null,
);
const DeadlineDialog = lazyDialog(
  () => import('./deadline-dialog').then((m) => m.DeadlineDialog),
  'Opening the deadline',
);
const preloadDialogs = preloadAll(ReviewReportDialog, DeadlineDialog);

const PAGE_SIZE = 10;

const WORDS: ListWords = {
  failed: 'The breeding reports could not be loaded',
  loading: 'Loading the breeding reports…',
  count: (total, more) => countOf(total, 'report', 'reports', more),
  pager: 'Breeding report pages',
  none: ['No breeding reports', 'Stallion owners file them from My Horses.'],
  noMatch: ['No breeding report matches', 'Try another season, stallion or status.'],
};

/** The last few seasons, newest first, for the season filter. */
function seasons(): Array<readonly [string, string]> {
  const year = new Date().getFullYear();
  return Array.from({ length: 6 }, (_, i) => [String(year - i), String(year - i)] as const);
}

type Rows = { reports: BreedingReportSummary[]; onReview: (id: string) => void };
/** One report and what opens it, for its row, its card and its button. */
type ReportProps = { report: BreedingReportSummary } & Pick<Rows, 'onReview'>;

function ReviewButton({ report, onReview }: ReportProps) {
  return (
    <CButton size="sm" color="primary" variant="outline" onClick={() => onReview(report.id)}>
      Open report
      <span className="visually-hidden">
        {' '}
        {report.season} of {report.stallion.name}
      </span>
    </CButton>
  );
}

/** One report's cells in the table (tablets and wider). */
function ReportRow({ report, onReview }: ReportProps) {
  return (
    <>
      <CTableHeaderCell scope="row">
        {report.stallion.name}
        <span className="d-block small">{report.stallion.registrationNumber}</span>
      </CTableHeaderCell>
      <CTableDataCell>{report.ownerName || '—'}</CTableDataCell>
      <CTableDataCell>{report.season}</CTableDataCell>
      <CTableDataCell>{report.mares}</CTableDataCell>
      <CTableDataCell>
        <ReportStatus report={report} /> <span className="small">v{report.version}</span>
      </CTableDataCell>
      <CTableDataCell>{formatDaySlashed(report.updatedAt)}</CTableDataCell>
      <CTableDataCell className="text-end">
        <ReviewButton report={report} onReview={onReview} />
      </CTableDataCell>
    </>
  );
}

/** One report's card (phones). */
function ReportCard({ report, onReview }: ReportProps) {
  return (
    <>
      <h3 className="h6 mb-1">
        {report.stallion.name} · {report.season}
      </h3>
      <p className="small mb-2">
        {report.ownerName || '—'} · {report.mares} mare{report.mares === 1 ? '' : 's'} ·{' '}
        <ReportStatus report={report} />
      </p>
      <ReviewButton report={report} onReview={onReview} />
    </>
  );
}

/** The reports as a table on tablets and wider, as cards on phones. */
function Reports({ reports, onReview }: Rows) {
  return (
    <TableOrCards
      label="Breeding reports"
      columns={['Stallion', 'Owner', 'Season', 'Mares', 'Status', 'Updated']}
      actions
      items={reports}
      keyOf={(report) => report.id}
      row={(report) => <ReportRow report={report} onReview={onReview} />}
      card={(report) => <ReportCard report={report} onReview={onReview} />}
    />
  );
}

/**
 * The office's breeding reports (docs/api.md "Breeding reports"), under the approval queue:
 * filtered by season, stallion and status; each opens for review. The deadline is set here too.
 */
export function OfficeReportsSection() {
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [season, setSeason] = useState('');
  const [stallion, setStallion] = useState('');
  const [status, setStatus] = useState('');
  const search = useDebouncedValue(stallion.trim(), 300);
  const params: Record<string, string | number> = { page, pageSize: PAGE_SIZE };
  if (season) params.season = season;
  if (search) params.stallion = search;
  if (status) params.status = status;
  const query = useOfficeReports(params);
  const [open, setOpen] = useState<string | null>(null);
  const [deadlineOpen, setDeadlineOpen] = useState(false);
  const filter = (set: (value: string) => void) => (value: string) => {
    set(value);
    setPage(1);
  };

  return (
    <section
      aria-labelledby="breeding-reports-title"
      className="mt-4"
      onPointerOverCapture={preloadDialogs}
      onFocusCapture={preloadDialogs}
    >
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="breeding-reports-title" className="h5 mb-0">
          Stallion breeding reports
        </h2>
        <CButton
          size="sm"
          color="secondary"
          variant="outline"
          className="ms-auto"
          onClick={() => setDeadlineOpen(true)}
        >
          Deadline
        </CButton>
      </div>
      <ListToolbar label="Filter breeding reports">
        <FilterSelect
          id="breeding-season"
          label="Season"
          className="col-6 col-md-3"
          value={season}
          onChange={filter(setSeason)}
          choices={seasons()}
          anyLabel="All seasons"
        />
        <FilterSelect
          id="breeding-status"
          label="Status"
          className="col-6 col-md-3"
          value={status}
          onChange={filter(setStatus)}
          choices={[
            ['filed', 'Waiting for review'],
            ['reviewed', 'Reviewed'],
          ]}
          anyLabel="Any status"
        />
        <SearchField
          id="breeding-stallion"
          label="Stallion name or number"
          className="col-12 col-md-6"
          value={stallion}
          onChange={filter(setStallion)}
        />
      </ListToolbar>
      <PagedList
        query={query}
        paging={{ page, setPage, pageSize: PAGE_SIZE }}
        words={WORDS}
        filtered={Boolean(season || search || status)}
      >
        {(reports) => (
          // Only report rows (not, say, a page a proxy or a test server answered in their place).
          <Reports reports={reports.filter((report) => report?.stallion)} onReview={setOpen} />
        )}
      </PagedList>
      <ReviewReportDialog
        reportId={open}
        onClose={() => setOpen(null)}
        onDone={(message) => {
          toast.success(message);
          setOpen(null);
        }}
      />
      <DeadlineDialog
        visible={deadlineOpen}
        onClose={() => setDeadlineOpen(false)}
        onDone={(message) => {
          toast.success(message);
          setDeadlineOpen(false);
        }}
      />
    </section>
  );
}
