import { useEffect } from 'react';
import { CAlert, CButton, CSpinner } from '@coreui/react';
import type { CardEntry } from './card-entry';
import { usePaymentProvider } from './load-provider';

/**
 * The card number, expiry and CVV of whichever provider is configured. Unmounting (the payer
 * chose Bank) forgets what the fields reported, so switching back starts empty and incomplete.
 */
export function SecureCardFields({
  entry,
  idPrefix,
  disabled,
  amountCents,
}: {
  entry: CardEntry;
  idPrefix: string;
  disabled?: boolean;
  amountCents?: number | undefined;
}) {
  const state = usePaymentProvider();
  useEffect(() => () => entry.reset(), [entry]);
  if (state.status === 'loading') {
    return (
      <div className="d-flex align-items-center gap-2 py-2" role="status">
        <CSpinner size="sm" aria-hidden="true" />
        <span>Loading the secure card fields…</span>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <CAlert color="danger" className="d-flex flex-wrap align-items-center gap-2 mb-0">
        <span>The secure card fields could not be loaded.</span>
        <CButton size="sm" color="danger" variant="outline" onClick={state.retry}>
          Try again
        </CButton>
      </CAlert>
    );
  }
  const { CardFields } = state.provider;
  return (
    <CardFields entry={entry} idPrefix={idPrefix} disabled={disabled} amountCents={amountCents} />
  );
}
