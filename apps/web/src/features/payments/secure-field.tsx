import { useSyncExternalStore, type ReactNode } from 'react';
import { CFormLabel } from '@coreui/react';
import type { CardField } from '@registry/domain';
import type { CardEntry } from './card-entry';

export const CARD_FIELD_LABELS: Record<CardField, string> = {
  cardNumber: 'Card Number',
  expirationDate: 'Expiration Date',
  cvv: 'CVV',
};

export function cardFieldId(idPrefix: string, field: CardField): string {
  return `${idPrefix}-${field}`;
}

export function useCardFieldMessage(entry: CardEntry, field: CardField): string | undefined {
  return useSyncExternalStore(
    entry.subscribe,
    () => entry.message(field),
    () => entry.message(field),
  );
}

/** Label, the provider's input, and the message under it. */
export function SecureFieldFrame({
  entry,
  field,
  idPrefix,
  labelFor,
  className,
  children,
}: {
  entry: CardEntry;
  field: CardField;
  idPrefix: string;
  /** Stripe's iframes cannot be label targets: their wrapper is named by the label instead. */
  labelFor?: boolean;
  className?: string;
  children: (state: { id: string; messageId: string; message: string | undefined }) => ReactNode;
}) {
  const message = useCardFieldMessage(entry, field);
  const id = cardFieldId(idPrefix, field);
  const messageId = `${id}-error`;
  return (
    <div className={className}>
      <CFormLabel
        htmlFor={labelFor === false ? undefined : id}
        id={`${id}-label`}
        className="required-mark"
      >
        {CARD_FIELD_LABELS[field]}
      </CFormLabel>
      {children({ id, messageId, message })}
      {message && (
        <div id={messageId} className="invalid-feedback d-block" role="alert">
          {message}
        </div>
      )}
    </div>
  );
}
