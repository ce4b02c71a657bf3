import { useEffect, useId, useState } from 'react';
import {
  CAlert,
  CButton,
  CFormInput,
  CFormLabel,
  CModal,
  CModalBody,
  CModalFooter,
  CModalHeader,
  CModalTitle,
  CSpinner,
  CTable,
  CTableBody,
  CTableDataCell,
  CTableHead,
  CTableHeaderCell,
  CTableRow,
} from '@coreui/react';
import { MEMBER_CSV_COLUMNS, MEMBER_CSV_REQUIRED } from '@registry/domain';
import { countOf } from '../../components/list-states';
import type { ApiError } from '../../lib/api-client';
import { useToast } from '../../stores/use-toast';
import { importMembers, type ImportReport } from './api';
import { BulkCredentials } from './bulk-credentials';

const members = (n: number) => countOf(n, 'member', 'members');

/** How many preview rows the table shows; the counts above it cover the whole file. */
const PREVIEW_LIMIT = 200;

/**
 * CSV import in three steps: choose a file, read the server's preview (every row with its
 * errors), then commit all rows or none. Commit stays disabled while any row has an error.
 */
export function MemberImportDialog({
  visible,
  onClose,
  onImported,
}: {
  visible: boolean;
  onClose: () => void;
  onImported: () => void;
}) {
  const titleId = useId();
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportReport | null>(null);
  const [result, setResult] = useState<ImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (!visible) return;
    setFile(null);
    setPreview(null);
    setResult(null);
    setError(null);
  }, [visible]);

  const run = async (chosen: File, mode: 'preview' | 'commit') => {
    setBusy(true);
    setError(null);
    try {
      const report = (await importMembers(chosen, mode)).data;
      if (mode === 'preview') setPreview(report);
      else {
        setResult(report);
        toast.success(`${members(report.imported)} imported`);
        onImported();
      }
    } catch (caught) {
      setError((caught as ApiError).error);
    } finally {
      setBusy(false);
    }
  };

  const errorRows = preview?.rows.filter((row) => Object.keys(row.errors).length > 0) ?? [];
  const canCommit = preview !== null && preview.errorRows === 0 && preview.totalRows > 0;
  // The button counts the rows that would be imported, never those with errors.
  const importable = preview ? preview.totalRows - preview.errorRows : 0;
  const shownRows = (preview?.rows ?? [])
    .slice()
    .sort(
      (a, b) => Number(Object.keys(b.errors).length > 0) - Number(Object.keys(a.errors).length > 0),
    )
    .slice(0, PREVIEW_LIMIT);

  return (
    <CModal
      visible={visible}
      onClose={onClose}
      backdrop="static"
      keyboard={!busy && !sending}
      size="xl"
      fullscreen="md"
      aria-labelledby={titleId}
    >
      <CModalHeader closeButton={!busy && !sending}>
        <CModalTitle as="h2" className="h5" id={titleId}>
          Import members from CSV
        </CModalTitle>
      </CModalHeader>
      <CModalBody>
        {result ? (
          <>
            <CAlert color="success" role="status">
              {members(result.imported)} imported.
            </CAlert>
            {result.importedIds && result.importedIds.length > 0 && (
              <BulkCredentials memberIds={result.importedIds} onRunningChange={setSending} />
            )}
          </>
        ) : (
          <>
            <p className="small text-body-secondary">
              The first row names the columns: {MEMBER_CSV_COLUMNS.join(', ')} (any order;{' '}
              {MEMBER_CSV_REQUIRED.join(', ')} required). An exported file can be imported again.
              Nothing is saved until you confirm, and then all rows or none.
            </p>
            <CFormLabel htmlFor="member-import-file">CSV file</CFormLabel>
            <CFormInput
              id="member-import-file"
              type="file"
              accept=".csv,text/csv"
              disabled={busy}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                setPreview(null);
                if (chosen) void run(chosen, 'preview');
                // The fixed file usually has the same name: let choosing it again read it again.
                event.target.value = '';
              }}
            />
            {file && <p className="small mt-1 mb-0">Chosen: {file.name}</p>}
          </>
        )}
        {busy && (
          <p className="mt-3 mb-0" role="status">
            <CSpinner as="span" size="sm" className="me-2" aria-hidden="true" />
            Reading the file…
          </p>
        )}
        {error && (
          <CAlert color="danger" className="mt-3" role="alert">
            {error}
          </CAlert>
        )}
        {preview && !result && (
          <div className="mt-3">
            <p className="mb-2" role="status">
              {countOf(preview.totalRows, 'row', 'rows')} read;{' '}
              {preview.errorRows === 0 ? (
                'no errors.'
              ) : (
                <strong className="text-danger">
                  {preview.errorRows} {preview.errorRows === 1 ? 'row has' : 'rows have'} errors.
                  Fix {preview.errorRows === 1 ? 'it' : 'them'} in the file and choose it again.
                </strong>
              )}
            </p>
            <CTable small responsive bordered aria-label="Import preview" className="mb-0">
              <CTableHead>
                <CTableRow>
                  <CTableHeaderCell scope="col">Row</CTableHeaderCell>
                  <CTableHeaderCell scope="col">Name</CTableHeaderCell>
                  <CTableHeaderCell scope="col">Email</CTableHeaderCell>
                  <CTableHeaderCell scope="col">Member number</CTableHeaderCell>
                  <CTableHeaderCell scope="col">Errors</CTableHeaderCell>
                </CTableRow>
              </CTableHead>
              <CTableBody>
                {shownRows.map((row) => {
                  const problems = Object.entries(row.errors);
                  return (
                    <CTableRow key={row.row} color={problems.length > 0 ? 'danger' : undefined}>
                      <CTableHeaderCell scope="row">{row.row}</CTableHeaderCell>
                      <CTableDataCell>
                        {[row.values.firstName, row.values.lastName].filter(Boolean).join(' ')}
                      </CTableDataCell>
                      <CTableDataCell>{row.values.email}</CTableDataCell>
                      <CTableDataCell>{row.values.memberNumber}</CTableDataCell>
                      <CTableDataCell>
                        {problems.length === 0
                          ? 'OK'
                          : problems.map(([field, message]) => (
                              <div key={field}>
                                {field}: {message}
                              </div>
                            ))}
                      </CTableDataCell>
                    </CTableRow>
                  );
                })}
              </CTableBody>
            </CTable>
            {preview.rows.length > shownRows.length && (
              <p className="small text-body-secondary mt-2 mb-0">
                Showing {shownRows.length} of {preview.rows.length} rows
                {errorRows.length > 0 ? ', rows with errors first' : ''}.
              </p>
            )}
          </div>
        )}
      </CModalBody>
      <CModalFooter>
        <CButton color="secondary" variant="outline" disabled={busy || sending} onClick={onClose}>
          Close
        </CButton>
        {!result && (
          <CButton
            color="primary"
            disabled={busy || !canCommit || !file}
            onClick={() => file && void run(file, 'commit')}
          >
            Import {members(importable)}
          </CButton>
        )}
      </CModalFooter>
    </CModal>
  );
}
