import { CSpinner } from '@coreui/react';

/**
 * On top of the page while a dialog's code arrives (a tap on a phone gives no hover first to
 * fetch it ahead): `label` says what is opening, to screen readers.
 */
export function OpeningSpinner({ label }: { label: string }) {
  return (
    <div
      className="position-fixed top-50 start-50 translate-middle bg-body rounded-3 shadow-sm p-3"
      role="status"
    >
      <CSpinner color="primary" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
