import { CButton } from '@coreui/react';
import { ActionDialog, BusyButton } from '../../components/action-dialog';
import { ChangedSinceNotice, useDecisionAction } from '../../components/changed-since-notice';
import { LoadError, LoadingBlock } from '../../components/load-states';
import { formatDate, formatDaySlashed } from '../../lib/format';
import { useOfficeReport, useReviewReport } from './api';
import { MareList, ReportStatus } from './report-card';

const ACTIONS: Record<string, string> = {
  filed: 'Filed',
  amended: 'Amended',
  reviewed: 'Reviewed',
};

/**
 * A breeding report as the office reviews it: its mares, its versions and reviews (who acted),
 * and Mark reviewed, which names the version shown (409 with what changed if the stallion owner
 * amended it meanwhile).
 */
export function ReviewReportDialog({
  reportId,
  onClose,
  onDone,
}: {
  reportId: string | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const query = useOfficeReport(reportId);
  const review = useReviewReport();
  const { action, conflict, clearConflict } = useDecisionAction();
  const report = query.data?.id === reportId ? query.data : undefined;
  const reviewedThis = report?.status === 'reviewed' && report.reviewedVersion === report.version;

  const markReviewed = () =>
    report &&
    void action.run(async () => {
      const answer = await review({ id: report.id, version: report.version }).unwrap();
      onDone(answer.message ?? 'Breeding report marked reviewed');
    });

  return (
    <ActionDialog
      title={
        report ? `${report.season} breeding report of ${report.stallion.name}` : 'Breeding report'
      }
      visible={reportId !== null}
      busy={action.busy}
      error={action.error}
      size="lg"
      onClose={() => {
        clearConflict();
        onClose();
      }}
      actions={
        report &&
        !reviewedThis &&
        !conflict && (
          <BusyButton
            color="success"
            busy={action.busy}
            disabled={action.busy}
            onClick={markReviewed}
          >
            Mark version {report.version} reviewed
          </BusyButton>
        )
      }
    >
      <LoadError
        lead="The report could not be loaded"
        error={query.error}
        loading={query.loading}
        onRetry={query.reload}
      />
      {!report && query.loading && <LoadingBlock label="Loading the report…" />}
      {conflict && (
        <div className="mb-3">
          <ChangedSinceNotice
            conflict={conflict}
            onReviewAgain={() => {
              clearConflict();
              query.reload();
            }}
          />
        </div>
      )}
      {report && (
        <>
          <p className="mb-2">
            <strong>{report.stallion.name}</strong> ({report.stallion.registrationNumber}) · owner{' '}
            {report.ownerName || '—'} · <ReportStatus report={report} /> · version {report.version}
            {report.reviewedVersion !== null &&
              ` · version ${report.reviewedVersion} reviewed by ${report.reviewedBy || 'the office'}`}
          </p>
          <p className="small mb-3">
            Filing and amending {report.open ? 'open until' : 'closed on'}{' '}
            {formatDaySlashed(report.deadline)}.
          </p>
          <h3 className="h6">Mares bred ({report.mares.length})</h3>
          <MareList report={report} />
          <h3 className="h6 mt-3">History</h3>
          <ol className="small mb-0 ps-3">
            {report.history.map((entry) => (
              <li key={`${entry.action}-${entry.version}-${entry.at}`}>
                {ACTIONS[entry.action] ?? entry.action} version {entry.version} by{' '}
                {entry.actor || 'someone no longer registered'} on{' '}
                {formatDate(entry.at, 'dateTime')} ({entry.mares} mare
                {entry.mares === 1 ? '' : 's'})
              </li>
            ))}
          </ol>
          {reviewedThis && (
            <p className="mt-3 mb-0 text-success-emphasis" role="status">
              This version is reviewed.
            </p>
          )}
        </>
      )}
      {!report && !query.loading && !query.error && (
        <CButton color="secondary" variant="outline" onClick={query.reload}>
          Load the report
        </CButton>
      )}
    </ActionDialog>
  );
}
