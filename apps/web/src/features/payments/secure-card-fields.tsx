import { useEffect, type ReactNode } from 'react';
import { CAlert, CButton, CSpinner } from '@coreui/react';
import type { CardEntry } from './card-entry';
import { usePaymentProvider } from './load-provider';

function ProviderLoading({ what }: { what: string }) {
  return (
    <div className="d-flex align-items-center gap-2 py-2" role="status">
      <CSpinner size="sm" aria-hidden="true" />
      <span>Loading the secure {what} fields…</span>
    </div>
  );
}

function ProviderError({ what, retry }: { what: string; retry: () => void }) {
  return (
    <CAlert color="danger" className="d-flex flex-wrap align-items-center gap-2 mb-0">
      <span>The secure {what} fields could not be loaded.</span>
      <CButton size="sm" color="danger" variant="outline" onClick={retry}>
        Try again
      </CButton>
    </CAlert>
  );
}

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
  if (state.status === 'loading') return <ProviderLoading what="card" />;
  if (state.status === 'error') return <ProviderError what="card" retry={state.retry} />;
  const { CardFields } = state.provider;
  return (
    <CardFields entry={entry} idPrefix={idPrefix} disabled={disabled} amountCents={amountCents} />
  );
}

/**
 * The bank account's numbers: the provider's own entry where it has one (Stripe links the
 * account through Financial Connections), else `typed`, the form's routing and account number
 * fields (the sandbox, spec §2.6).
 */
export function SecureBankFields({
  entry,
  idPrefix,
  disabled,
  amountCents,
  typed,
}: {
  entry: CardEntry;
  idPrefix: string;
  disabled?: boolean;
  amountCents?: number | undefined;
  typed: ReactNode;
}) {
  const state = usePaymentProvider();
  if (state.status === 'loading') return <ProviderLoading what="bank account" />;
  if (state.status === 'error') return <ProviderError what="bank account" retry={state.retry} />;
  const { BankFields } = state.provider;
  if (!BankFields) return typed;
  return (
    <BankFields
      entry={entry.bank}
      idPrefix={idPrefix}
      disabled={disabled}
      amountCents={amountCents}
    />
  );
}
