import { useEffect } from 'react';
import type { Stripe, StripeElementChangeEvent } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import {
  CardCvcElement,
  CardExpiryElement,
  CardNumberElement,
  Elements,
  useElements,
  useStripe,
} from '@stripe/react-stripe-js';
import type { CardField } from '@registry/domain';
import type { CardEntry, MethodResult, PayerDetails } from './card-entry';
import type { BankDetails, CardFieldsProps, PaymentProvider } from './payment-provider';
import { SecureFieldFrame } from './secure-field';

/**
 * Stripe Elements behind the PaymentProvider interface. This module is only ever imported
 * dynamically (load-provider.ts), so Stripe.js stays out of every bundle until a payment form
 * shows and a publishable key is configured.
 */

const ELEMENT_OPTIONS = {
  style: { base: { fontSize: '16px', color: '#212529' }, invalid: { color: '#b21f2d' } },
} as const;

function billingDetails(payer: PayerDetails) {
  return {
    name: payer.name,
    email: payer.email,
    ...(payer.phone ? { phone: payer.phone } : {}),
  };
}

function fromStripe(
  result: { paymentMethod?: { id: string }; error?: { message?: string } },
  fallback: string,
): MethodResult {
  if (result.paymentMethod) return { id: result.paymentMethod.id };
  return { error: result.error?.message || fallback };
}

function StripeField({
  entry,
  field,
  idPrefix,
  className,
  disabled,
}: {
  entry: CardEntry;
  field: CardField;
  idPrefix: string;
  className: string;
  disabled?: boolean | undefined;
}) {
  const onChange = (event: StripeElementChangeEvent) =>
    entry.change(field, { empty: event.empty, complete: event.complete, error: event.error });
  const onBlur = () => entry.blur(field);
  const options = { ...ELEMENT_OPTIONS, disabled: Boolean(disabled) };
  return (
    <SecureFieldFrame
      entry={entry}
      field={field}
      idPrefix={idPrefix}
      labelFor={false}
      className={className}
    >
      {({ id, messageId, message }) => (
        <div
          id={id}
          role="group"
          aria-labelledby={`${id}-label`}
          aria-describedby={message ? messageId : undefined}
          className={`form-control${message ? ' is-invalid' : ''}`}
        >
          {field === 'cardNumber' && (
            <CardNumberElement options={options} onChange={onChange} onBlur={onBlur} />
          )}
          {field === 'expirationDate' && (
            <CardExpiryElement options={options} onChange={onChange} onBlur={onBlur} />
          )}
          {field === 'cvv' && (
            <CardCvcElement options={options} onChange={onChange} onBlur={onBlur} />
          )}
        </div>
      )}
    </SecureFieldFrame>
  );
}

function HandleBinder({ entry }: { entry: CardEntry }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    entry.handle = {
      async createCardMethod(payer) {
        const card = elements.getElement(CardNumberElement);
        if (!card) return { error: 'The card fields are not ready yet. Please try again.' };
        const result = await stripe.createPaymentMethod({
          type: 'card',
          card,
          billing_details: billingDetails(payer),
        });
        return fromStripe(result, 'The card could not be used.');
      },
    };
    return () => {
      entry.handle = null;
    };
  }, [entry, stripe, elements]);
  return null;
}

export function createStripeProvider(stripePromise: Promise<Stripe | null>): PaymentProvider {
  function StripeCardFields({ entry, idPrefix, disabled }: CardFieldsProps) {
    return (
      <Elements stripe={stripePromise}>
        <HandleBinder entry={entry} />
        <div className="row g-3">
          <StripeField
            entry={entry}
            field="cardNumber"
            idPrefix={idPrefix}
            disabled={disabled}
            className="col-12 col-md-6"
          />
          <StripeField
            entry={entry}
            field="expirationDate"
            idPrefix={idPrefix}
            disabled={disabled}
            className="col-6 col-md-3"
          />
          <StripeField
            entry={entry}
            field="cvv"
            idPrefix={idPrefix}
            disabled={disabled}
            className="col-6 col-md-3"
          />
        </div>
      </Elements>
    );
  }

  return {
    kind: 'stripe',
    CardFields: StripeCardFields,
    async createBankMethod(bank: BankDetails, payer: PayerDetails) {
      const stripe = await stripePromise;
      if (!stripe) return { error: 'The payment provider could not be loaded.' };
      const result = await stripe.createPaymentMethod({
        type: 'us_bank_account',
        us_bank_account: {
          account_holder_type: 'individual',
          account_type: bank.accountType === 'Savings' ? 'savings' : 'checking',
          routing_number: bank.routingNumber.trim(),
          account_number: bank.accountNumber.trim(),
        },
        billing_details: { ...billingDetails(payer), name: bank.accountName || payer.name },
      });
      return fromStripe(result, 'The bank account could not be used.');
    },
  };
}

export function stripeProvider(publishableKey: string): PaymentProvider {
  return createStripeProvider(loadStripe(publishableKey));
}
