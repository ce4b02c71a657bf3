import { CBadge, CButton } from '@coreui/react';
import { BREEDING_METHOD_LABELS, type BreedingReport } from '@registry/domain';
import { formatDaySlashed } from '../../lib/format';

/** A report's status as a badge: filed (waiting for the office) or reviewed. */
export function ReportStatus({ report }: { report: Pick<BreedingReport, 'status' | 'version'> }) {
  return report.status === 'reviewed' ? (
    <CBadge color="success">Reviewed</CBadge>
  ) : (
    <CBadge color="warning" textColor="dark">
      {report.version > 1 ? 'Amended' : 'Filed'}
    </CBadge>
  );
}

/** The mares of a report, one line each (reads on a phone as well as on a desk). */
export function MareList({ report }: { report: BreedingReport }) {
  return (
    <ul className="list-unstyled mb-0">
      {report.mares.map((mare) => (
        <li key={mare.id} className="border-top py-2">
          <strong>{mare.mareName}</strong>
          {mare.mareRegistrationNumber && ` (${mare.mareRegistrationNumber})`}
          {mare.mareOwnerName && <> · owner {mare.mareOwnerName}</>}
          <br />
          <span className="small">
            {mare.breedingDates.map((date) => formatDaySlashed(date)).join(', ')} ·{' '}
            {BREEDING_METHOD_LABELS[mare.method]}
            {mare.foals > 0 && ` · ${mare.foals} registered foal${mare.foals > 1 ? 's' : ''}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One season's report in the stallion owner's list. */
export function ReportCard({
  report,
  onAmend,
}: {
  report: BreedingReport;
  onAmend: (report: BreedingReport) => void;
}) {
  return (
    <section className="border rounded p-2 mb-3" aria-label={`${report.season} season`}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h3 className="h6 mb-0">{report.season} season</h3>
        <ReportStatus report={report} />
        <span className="small">
          version {report.version} · {report.mares.length} mare
          {report.mares.length === 1 ? '' : 's'}
        </span>
        {report.open ? (
          <CButton
            size="sm"
            color="primary"
            variant="outline"
            className="ms-auto"
            onClick={() => onAmend(report)}
          >
            Amend {report.season} report
          </CButton>
        ) : (
          <span className="small ms-auto">Closed {formatDaySlashed(report.deadline)}</span>
        )}
      </div>
      {report.open && (
        <p className="small mb-2">Can be amended until {formatDaySlashed(report.deadline)}.</p>
      )}
      <MareList report={report} />
    </section>
  );
}
