import { useRef, useState } from 'react';
import {
  CAlert,
  CButton,
  CSpinner,
  CTable,
  CTableBody,
  CTableDataCell,
  CTableHead,
  CTableHeaderCell,
  CTableRow,
} from '@coreui/react';
import {
  BULK_CREDENTIALS_MAX,
  type BulkCredentialsResult,
  type CredentialOutcome,
} from '@registry/domain';
import { countOf } from '../../components/list-states';
import { UploadProgress } from '../../components/upload-progress';
import type { ApiError } from '../../lib/api-client';
import { sendCredentialsToMany } from './api';

type Result = BulkCredentialsResult['results'][number];

export const OUTCOME_TEXT: Record<CredentialOutcome, string> = {
  sent: 'Link sent',
  'already-sent': 'Already sent (link still valid)',
  'has-password': 'Has a password already',
  inactive: 'Inactive: not sent',
  'not-found': 'Not found',
};

/** Splits the ids into the server's batch size (BULK_CREDENTIALS_MAX). */
export function batchesOf<T>(items: readonly T[], size = BULK_CREDENTIALS_MAX): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/**
 * After a CSV import: one action sends set-password links to every imported member, a batch
 * at a time with progress, then lists what happened to each. The server skips members whose
 * link is still valid, so Send again after a failure resends nothing twice.
 */
export function BulkCredentials({
  memberIds,
  onRunningChange,
}: {
  memberIds: string[];
  /** The dialog keeps Close disabled while batches are going out. */
  onRunningChange?: (running: boolean) => void;
}) {
  const [results, setResults] = useState<Result[]>([]);
  const [done, setDone] = useState(0);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const stopped = useRef(false);

  const run = async () => {
    setRunning(true);
    onRunningChange?.(true);
    setError(null);
    setResults([]);
    setDone(0);
    stopped.current = false;
    try {
      for (const batch of batchesOf(memberIds)) {
        if (stopped.current) break;
        const answer = (await sendCredentialsToMany(batch)).data;
        setResults((previous) => [...previous, ...answer.results]);
        setDone((previous) => previous + batch.length);
      }
    } catch (caught) {
      setError((caught as ApiError).error);
    } finally {
      setRunning(false);
      onRunningChange?.(false);
    }
  };

  const total = memberIds.length;
  const count = (outcome: CredentialOutcome) => results.filter((r) => r.outcome === outcome).length;
  const finished = !running && done === total && results.length > 0;
  return (
    <section aria-label="Send credentials" className="mt-3">
      <p className="mb-2">
        Imported members have no password yet. Send each a single-use link to choose one.
      </p>
      <div className="d-flex flex-wrap gap-2 mb-2">
        <CButton color="primary" disabled={running || total === 0} onClick={() => void run()}>
          {running && <CSpinner size="sm" className="me-2" aria-hidden="true" />}
          {results.length > 0
            ? 'Send again to those without a link'
            : `Send credentials to ${countOf(total, 'member', 'members')}`}
        </CButton>
        {running && (
          <CButton color="secondary" variant="outline" onClick={() => (stopped.current = true)}>
            Stop after this batch
          </CButton>
        )}
      </div>
      {(running || results.length > 0) && (
        <UploadProgress value={total ? (done / total) * 100 : 0} label="Sending credentials" />
      )}
      {error && (
        <CAlert color="danger" className="mt-2" role="alert">
          {error} {done} of {total} were handled; sending again skips those already sent.
        </CAlert>
      )}
      {finished && (
        <p className="mt-2 mb-2" role="status">
          {count('sent')} sent
          {count('already-sent') > 0 && `, ${count('already-sent')} already had a valid link`}
          {count('has-password') + count('inactive') + count('not-found') > 0 &&
            `, ${count('has-password') + count('inactive') + count('not-found')} skipped`}
          .
        </p>
      )}
      {results.length > 0 && (
        <CTable small responsive bordered aria-label="Credentials sent" className="mt-2 mb-0">
          <CTableHead>
            <CTableRow>
              <CTableHeaderCell scope="col">Email</CTableHeaderCell>
              <CTableHeaderCell scope="col">Result</CTableHeaderCell>
            </CTableRow>
          </CTableHead>
          <CTableBody>
            {results.map((result) => (
              <CTableRow
                key={result.id}
                color={
                  result.outcome === 'sent' || result.outcome === 'already-sent'
                    ? undefined
                    : 'warning'
                }
              >
                <CTableDataCell>{result.email ?? result.id}</CTableDataCell>
                <CTableDataCell>{OUTCOME_TEXT[result.outcome]}</CTableDataCell>
              </CTableRow>
            ))}
          </CTableBody>
        </CTable>
      )}
    </section>
  );
}
