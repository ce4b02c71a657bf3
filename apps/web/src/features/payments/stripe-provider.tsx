import { useEffect, useSyncExternalStore } from 'react';
import { CFormLabel } from '@coreui/react';
import type {
  Stripe,
  StripeElements,
  StripeElementsOptionsMode,
  StripePaymentElementChangeEvent,
} from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { FEES } from '@registry/domain';
import type { BankEntry } from './bank-entry';
import type { CardEntry } from './card-entry';
import type { MethodResult, PayerDetails } from './secure-entry';
import type {
  BankDetails,
  BankFieldsProps,
  CardFieldsProps,
  PaymentProvider,
} from './payment-provider';
import { SecureFieldFrame } from './secure-field';

/**
 * Stripe behind the PaymentProvider interface, the way Stripe's "finalize payments on the
 * server" guide builds it: the Payment Element (cards and, where the account allows, Apple Pay,
 * Google Pay and Link; or a US bank account linked through Financial Connections) turns what
 * the payer entered into a ConfirmationToken; our server creates
 * and confirms the PaymentIntent with it; a next action (3-D Secure) is handled in this page by
 * `stripe.handleNextAction`, in Stripe's own modal, so no popup is ever opened. Only ever
 * imported dynamically (load-provider.ts), so Stripe.js stays out of every bundle until a
 * payment form shows and a publishable key is configured.
 */

const NOT_READY = 'The card fields are not ready yet. Please try again.';

function billingDetails(payer: PayerDetails) {
  return {
    name: payer.name,
    ...(payer.email ? { email: payer.email } : {}),
    ...(payer.phone ? { phone: payer.phone } : {}),
  };
}

/**
 * Validates the Element (and runs any wallet sheet), then makes the ConfirmationToken our
 * server confirms the PaymentIntent with.
 */
async function confirmationToken(
  stripe: Stripe,
  elements: StripeElements,
  payer: PayerDetails,
  refused: string,
): Promise<MethodResult> {
  const submitted = await elements.submit();
  if (submitted.error) return { error: submitted.error.message ?? NOT_READY };
  const result = await stripe.createConfirmationToken({
    elements,
    params: { payment_method_data: { billing_details: billingDetails(payer) } },
  });
  if (result.error) return { error: result.error.message ?? refused };
  return { id: result.confirmationToken.id };
}

/** The Payment Element's change event in the shape the card entry tracks. */
function reportTo(entry: CardEntry, event: StripePaymentElementChangeEvent) {
  entry.change('cardNumber', { empty: event.empty, complete: event.complete });
}

function HandleBinder({ entry }: { entry: CardEntry }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    // One Payment Element stands for the three spec fields: expiry and CVC are inside it.
    entry.change('expirationDate', { empty: false, complete: true });
    entry.change('cvv', { empty: false, complete: true });
    entry.handle = {
      createCardMethod: (payer) =>
        confirmationToken(stripe, elements, payer, 'The card could not be used.'),
    };
    return () => {
      entry.handle = null;
    };
  }, [entry, stripe, elements]);
  return null;
}

function BankHandleBinder({ entry }: { entry: BankEntry }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    entry.handle = {
      createBankMethod: (payer) =>
        confirmationToken(stripe, elements, payer, 'The bank account could not be used.'),
    };
    return () => {
      entry.handle = null;
    };
  }, [entry, stripe, elements]);
  return null;
}

function useBankMessage(entry: BankEntry): string | undefined {
  return useSyncExternalStore(
    entry.subscribe,
    () => entry.message(),
    () => entry.message(),
  );
}

export function createStripeProvider(stripePromise: Promise<Stripe | null>): PaymentProvider {
  function StripeCardFields({ entry, idPrefix, disabled, amountCents }: CardFieldsProps) {
    // Deferred intent: the PaymentIntent is created by our server, with these same types.
    const options: StripeElementsOptionsMode = {
      mode: 'payment',
      amount: amountCents ?? FEES.registration * 100,
      currency: 'usd',
      // The same list the server sends (stripe-provider.ts in the API); Apple Pay and Google
      // Pay are cards, Link its own type. Named allowedPaymentMethodTypes in this Stripe.js.
      allowedPaymentMethodTypes: ['card', 'link'],
      appearance: { theme: 'stripe', variables: { fontSizeBase: '16px' } },
    };
    return (
      <Elements stripe={stripePromise} options={options}>
        <HandleBinder entry={entry} />
        <SecureFieldFrame entry={entry} field="cardNumber" idPrefix={idPrefix} labelFor={false}>
          {({ id, messageId, message }) => (
            <div
              id={id}
              role="group"
              aria-labelledby={`${id}-label`}
              aria-describedby={message ? messageId : undefined}
            >
              <PaymentElement
                options={{ readOnly: Boolean(disabled), layout: 'tabs' }}
                onChange={(event) => reportTo(entry, event)}
              />
            </div>
          )}
        </SecureFieldFrame>
      </Elements>
    );
  }

  /**
   * The member's bank account the way Stripe recommends (issue 17 item 4): the Payment Element
   * with `us_bank_account` links it through Financial Connections (instant verification) and
   * falls back to entering numbers for microdeposits in its own UI; our server then waits for
   * those in their own state. The payer's name and email come from our billing fields.
   */
  function StripeBankFields({ entry, idPrefix, disabled, amountCents }: BankFieldsProps) {
    const message = useBankMessage(entry);
    useEffect(() => () => entry.reset(), [entry]);
    const options: StripeElementsOptionsMode = {
      mode: 'payment',
      amount: amountCents ?? FEES.registration * 100,
      currency: 'usd',
      // The same type and verification the server confirms with (stripe-provider.ts in the API).
      allowedPaymentMethodTypes: ['us_bank_account'],
      paymentMethodOptions: { us_bank_account: { verification_method: 'automatic' } },
      appearance: { theme: 'stripe', variables: { fontSizeBase: '16px' } },
    };
    const id = `${idPrefix}-bankAccount`;
    const messageId = `${id}-error`;
    return (
      <Elements stripe={stripePromise} options={options}>
        <BankHandleBinder entry={entry} />
        <CFormLabel id={`${id}-label`} className="required-mark">
          Bank Account
        </CFormLabel>
        <div
          id={id}
          role="group"
          aria-labelledby={`${id}-label`}
          aria-describedby={message ? messageId : undefined}
          data-provider-bank-account
        >
          <PaymentElement
            options={{
              readOnly: Boolean(disabled),
              fields: { billingDetails: { name: 'never', email: 'never' } },
            }}
            onChange={(event) => entry.change({ empty: event.empty, complete: event.complete })}
          />
        </div>
        {message && (
          <div id={messageId} className="invalid-feedback d-block" role="alert">
            {message}
          </div>
        )}
      </Elements>
    );
  }

  return {
    kind: 'stripe',
    CardFields: StripeCardFields,
    BankFields: StripeBankFields,
    async createBankMethod(bank: BankDetails, payer: PayerDetails) {
      const stripe = await stripePromise;
      if (!stripe) return { error: 'The payment provider could not be loaded.' };
      // Numbers typed into the office's dialog (the holder is not there to sign in to their
      // bank): Stripe verifies such an account by microdeposits
      // (docs/decisions/0070-payment-element-and-in-page-verification.md).
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
      if (result.paymentMethod) return { id: result.paymentMethod.id };
      return { error: result.error?.message || 'The bank account could not be used.' };
    },
    async handleNextAction(clientSecret: string) {
      const stripe = await stripePromise;
      if (!stripe) return { error: 'The payment provider could not be loaded.' };
      const result = await stripe.handleNextAction({ clientSecret });
      return result.error
        ? { error: result.error.message ?? 'The payment was not confirmed.' }
        : {};
    },
  };
}

export function stripeProvider(publishableKey: string): PaymentProvider {
  return createStripeProvider(loadStripe(publishableKey));
}
