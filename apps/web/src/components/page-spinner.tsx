import { CSpinner } from '@coreui/react';

/** Shown while a lazily loaded page arrives. */
export function PageSpinner() {
  return (
    <div className="d-flex justify-content-center align-items-center py-5" role="status">
      <CSpinner color="primary" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
