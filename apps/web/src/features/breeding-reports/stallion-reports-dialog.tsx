import { useState } from 'react';
import { CAlert, CButton } from '@coreui/react';
import type { BreedingReport } from '@registry/domain';
import { ActionDialog, BusyButton } from '../../components/action-dialog';
import { LoadError, LoadingBlock } from '../../components/load-states';
import type { ApiError } from '../../lib/api-client';
import { formatDaySlashed } from '../../lib/format';
import { useToast } from '../../stores/use-toast';
import { useFileReport, useStallionReports } from './api';
import { ReportCard } from './report-card';
import { ReportForm } from './report-form';
import { emptyLine, lineFromReport, linesChanged, toInput, type LineDraft } from './report-lines';

interface Editing {
  season: number;
  /** The version amended; none for a first filing. */
  version?: number;
  start: LineDraft[];
  lines: LineDraft[];
}

/**
 * Breeding reports of one approved stallion (docs/api.md "Breeding reports"), from My Horses:
 * past seasons, and filing or amending a season still open. Closing with typed lines asks
 * first, so a report is never lost to a stray click.
 */
export function StallionReportsDialog({
  horse,
  onClose,
}: {
  horse: { _id: string; name: string } | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const query = useStallionReports(horse?._id ?? null);
  const fileReport = useFileReport();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [confirmingLeave, setConfirmingLeave] = useState<'close' | 'back' | null>(null);

  const dirty = editing !== null && linesChanged(editing.start, editing.lines);
  const reset = () => {
    setEditing(null);
    setFailure(null);
    setConfirmingLeave(null);
  };
  const close = () => {
    if (dirty) return setConfirmingLeave('close');
    reset();
    onClose();
  };
  const back = () => {
    if (dirty) return setConfirmingLeave('back');
    reset();
  };
  const start = (season: number, report?: BreedingReport) => {
    const lines = report ? report.mares.map(lineFromReport) : [emptyLine()];
    setEditing({ season, version: report?.version, start: lines, lines });
    setFailure(null);
  };
  const submit = async () => {
    if (!horse || !editing) return;
    setBusy(true);
    setFailure(null);
    try {
      const answer = await fileReport({
        horseId: horse._id,
        season: editing.season,
        mares: editing.lines.map(toInput),
        ...(editing.version ? { version: editing.version } : {}),
      }).unwrap();
      toast.success(answer.message ?? 'Breeding report saved');
      reset();
    } catch (caught) {
      setFailure(caught as ApiError);
    } finally {
      setBusy(false);
    }
  };

  const data = query.data?.stallion.horseId === horse?._id ? query.data : undefined;
  const filedSeasons = new Set(data?.reports.map((r) => r.season));
  const newSeasons = data?.openSeasons.filter((s) => !filedSeasons.has(s.season)) ?? [];
  const conflict = failure?.status === 409 && failure.conflict;

  return (
    <ActionDialog
      title={
        editing
          ? `${editing.version ? 'Amend' : 'File'} the ${editing.season} breeding report of ${horse?.name ?? ''}`
          : `Breeding reports of ${horse?.name ?? ''}`
      }
      visible={horse !== null}
      // Typed lines keep the dialog from closing (its X, Escape, Close): Back asks first.
      busy={busy || dirty}
      size="lg"
      error={failure && !conflict ? failure.error : null}
      onClose={close}
      onSubmit={editing ? () => void submit() : undefined}
      actions={
        editing && (
          <>
            <CButton color="secondary" variant="outline" disabled={busy} onClick={back}>
              Back to the seasons
            </CButton>
            <BusyButton type="submit" color="primary" busy={busy} disabled={busy}>
              {editing.version ? 'Save amendment' : 'File report'}
            </BusyButton>
          </>
        )
      }
    >
      {confirmingLeave && (
        <CAlert color="warning" role="alertdialog" aria-label="Discard the typed report?">
          <p className="mb-2">You have typed changes to this report. Leave without saving them?</p>
          <div className="d-flex flex-wrap gap-2">
            <CButton
              color="danger"
              size="sm"
              onClick={() => {
                const leaving = confirmingLeave;
                reset();
                if (leaving === 'close') onClose();
              }}
            >
              Discard changes
            </CButton>
            <CButton
              color="secondary"
              variant="outline"
              size="sm"
              onClick={() => setConfirmingLeave(null)}
            >
              Keep editing
            </CButton>
          </div>
        </CAlert>
      )}
      {conflict && (
        <CAlert color="warning" role="alert">
          <p className="mb-2">{failure.error}</p>
          <CButton
            size="sm"
            color="primary"
            onClick={() => {
              reset();
              query.reload();
            }}
          >
            Show the current report
          </CButton>
        </CAlert>
      )}
      {editing ? (
        <>
          <p className="small">
            List every mare {horse?.name} bred in {editing.season}: a mare of this register by her
            registration number, any other by her name and her owner&apos;s name.
          </p>
          <ReportForm
            season={editing.season}
            lines={editing.lines}
            fields={failure?.fields}
            onChange={(lines) => setEditing({ ...editing, lines })}
          />
        </>
      ) : (
        <>
          <LoadError
            lead="The breeding reports could not be loaded"
            error={query.error}
            loading={query.loading}
            onRetry={query.reload}
          />
          {!data && query.loading && <LoadingBlock label="Loading the breeding reports…" />}
          {data && (
            <>
              {newSeasons.map((open) => (
                <div
                  key={open.season}
                  className="d-flex flex-wrap align-items-center gap-2 border rounded p-2 mb-3"
                >
                  <span>
                    <strong>{open.season} season</strong>: not filed yet (open until{' '}
                    {formatDaySlashed(open.deadline)})
                  </span>
                  <CButton color="primary" className="ms-auto" onClick={() => start(open.season)}>
                    File {open.season} report
                  </CButton>
                </div>
              ))}
              {data.reports.length === 0 && newSeasons.length === 0 && (
                <p className="mb-0">No breeding reports, and no season is open for filing now.</p>
              )}
              {data.reports.map((report) => (
                <ReportCard key={report.id} report={report} onAmend={(r) => start(r.season, r)} />
              ))}
            </>
          )}
        </>
      )}
    </ActionDialog>
  );
}
