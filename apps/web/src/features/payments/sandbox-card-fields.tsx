import { useEffect, useRef, useState } from 'react';
import { CFormInput } from '@coreui/react';
import {
  cardNumberLength,
  checkCardNumber,
  checkCvc,
  checkExpiry,
  sandboxBankMethod,
  sandboxCardMethod,
  type CardField,
} from '@registry/domain';
import type { CardEntry } from './card-entry';
import type { PayerDetails } from './secure-entry';
import type { BankDetails, CardFieldsProps, PaymentProvider } from './payment-provider';
import { SecureFieldFrame } from './secure-field';

const digits = (value: string) => value.replace(/\D/g, '');

/** "4242 4242 4242 4242"; other characters are kept so the check can call them invalid. */
export function formatCardNumber(value: string): string {
  if (/[^\d\s]/.test(value)) return value;
  const number = digits(value).slice(0, cardNumberLength(value));
  return number.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM / YY"; the separator appears once the year starts, so deleting it never gets stuck. */
export function formatExpiry(value: string): string {
  const text = digits(value).slice(0, 4);
  return text.length > 2 ? `${text.slice(0, 2)} / ${text.slice(2)}` : text;
}

/** What each sandbox input is, besides its value: autofill, hint and grid column. */
const INPUTS: Record<CardField, { autoComplete: string; placeholder: string; className: string }> =
  {
    cardNumber: {
      autoComplete: 'cc-number',
      placeholder: '1234 1234 1234 1234',
      className: 'col-12 col-md-6',
    },
    expirationDate: { autoComplete: 'cc-exp', placeholder: 'MM / YY', className: 'col-6 col-md-3' },
    cvv: { autoComplete: 'cc-csc', placeholder: 'CVC', className: 'col-6 col-md-3' },
  };

function SandboxInput({
  entry,
  field,
  idPrefix,
  disabled,
  value,
  onValue,
}: {
  entry: CardEntry;
  field: CardField;
  idPrefix: string;
  disabled?: boolean | undefined;
  value: string;
  onValue: (value: string) => void;
}) {
  const { autoComplete, placeholder, className } = INPUTS[field];
  return (
    <SecureFieldFrame entry={entry} field={field} idPrefix={idPrefix} className={className}>
      {({ id, messageId, message }) => (
        // No name attribute: the value belongs to no form and is never submitted.
        <CFormInput
          id={id}
          value={value}
          disabled={disabled}
          inputMode="numeric"
          autoComplete={autoComplete}
          placeholder={placeholder}
          invalid={Boolean(message)}
          aria-invalid={message ? true : undefined}
          aria-required
          aria-describedby={message ? messageId : undefined}
          data-secure-field={field}
          onChange={(event) => onValue(event.target.value)}
          onBlur={() => entry.blur(field)}
        />
      )}
    </SecureFieldFrame>
  );
}

/**
 * The sandbox's card fields: they report like Stripe Elements ({ empty, complete, error }) and
 * keep the number to themselves, handing out only a sandbox payment method id.
 */
export function SandboxCardFields({ entry, idPrefix, disabled }: CardFieldsProps) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const numberRef = useRef(number);
  numberRef.current = number;

  useEffect(() => {
    entry.handle = {
      createCardMethod: async () => sandboxCardMethod(numberRef.current),
    };
    return () => {
      entry.handle = null;
    };
  }, [entry]);

  const shared = { entry, idPrefix, disabled };
  return (
    <div className="row g-3">
      <SandboxInput
        {...shared}
        field="cardNumber"
        value={number}
        onValue={(raw) => {
          const next = formatCardNumber(raw);
          setNumber(next);
          entry.change('cardNumber', checkCardNumber(next));
          // A CVC typed first is judged again once the card (and so its length) is known.
          if (cvc) entry.change('cvv', checkCvc(cvc, next));
        }}
      />
      <SandboxInput
        {...shared}
        field="expirationDate"
        value={expiry}
        onValue={(raw) => {
          const next = formatExpiry(raw);
          setExpiry(next);
          entry.change('expirationDate', checkExpiry(next));
        }}
      />
      <SandboxInput
        {...shared}
        field="cvv"
        value={cvc}
        onValue={(raw) => {
          const next = raw.slice(0, 4);
          setCvc(next);
          entry.change('cvv', checkCvc(next, number));
        }}
      />
    </div>
  );
}

export const sandboxProvider: PaymentProvider = {
  kind: 'sandbox',
  CardFields: SandboxCardFields,
  async createBankMethod(bank: BankDetails, _payer: PayerDetails) {
    return sandboxBankMethod(bank.routingNumber, bank.accountNumber);
  },
};
