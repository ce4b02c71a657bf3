import { CSpinner } from '@coreui/react';

/**
 * Shown while a lazily loaded page arrives. `caption` shows "Loading…" beside the spinner
 * instead of only to screen readers: for the app's start, where it is the first thing painted.
 */
export function PageSpinner({ caption = false }: { caption?: boolean }) {
  return (
    <div className="d-flex justify-content-center align-items-center gap-2 py-5" role="status">
      <CSpinner color="primary" aria-hidden="true" />
      <span className={caption ? 'text-body-secondary' : 'visually-hidden'}>Loading…</span>
    </div>
  );
}
