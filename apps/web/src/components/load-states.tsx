import { CAlert, CButton, CSpinner } from '@coreui/react';
import type { ApiError } from '../lib/api-client';

/**
 * A failed load with a way to try again. Hidden while a retry runs, so the old message does
 * not stand next to the spinner.
 */
export function LoadError({
  lead,
  error,
  loading,
  onRetry,
}: {
  /** What failed, e.g. "The horses could not be loaded"; the server's reason follows. */
  lead: string;
  error: ApiError | undefined;
  loading: boolean;
  onRetry: () => void;
}) {
  if (!error || loading) return null;
  return (
    <CAlert color="danger" className="d-flex flex-wrap align-items-center gap-2">
      <span>
        {lead}: {error.error}
      </span>
      <CButton color="danger" variant="outline" size="sm" className="ms-auto" onClick={onRetry}>
        Try again
      </CButton>
    </CAlert>
  );
}

/** A centred spinner where content is about to appear; `label` is what screen readers hear. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <div className="d-flex justify-content-center py-5" role="status">
      <CSpinner color="primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
