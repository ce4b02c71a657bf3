import { useEffect, useState } from 'react';
import { fetchPublishableKey } from './payments-api';
import type { PaymentProvider } from './payment-provider';
import { sandboxProvider } from './sandbox-card-fields';

let providerRequest: Promise<PaymentProvider> | null = null;
let loaded: PaymentProvider | null = null;

/**
 * Stripe when the server gives a publishable key, else the sandbox. Stripe's module is a
 * dynamic import so its chunk is fetched only here, when a payment form first shows.
 */
export function loadPaymentProvider(): Promise<PaymentProvider> {
  providerRequest ??= fetchPublishableKey()
    .then(async (key) => {
      if (!key) return sandboxProvider;
      const { stripeProvider } = await import('./stripe-provider');
      return stripeProvider(key);
    })
    .then((provider) => (loaded = provider))
    .catch((error: unknown) => {
      providerRequest = null;
      throw error;
    });
  return providerRequest;
}

/** The provider once loaded (a payment form's fields showed), else null: for synchronous checks. */
export function loadedPaymentProvider(): PaymentProvider | null {
  return loaded;
}

/**
 * Whether the loaded provider links the bank account itself (Stripe), so the form has no
 * routing or account number of its own to check (the domain's `bankAccountByProvider`).
 */
export function bankAccountByProvider(): boolean {
  return Boolean(loaded?.BankFields);
}

export type ProviderState =
  | { status: 'loading' }
  | { status: 'ready'; provider: PaymentProvider }
  | { status: 'error'; retry: () => void };

export function usePaymentProvider(): ProviderState {
  const [state, setState] = useState<ProviderState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadPaymentProvider().then(
      (provider) => live && setState({ status: 'ready', provider }),
      () =>
        live &&
        setState({
          status: 'error',
          retry: () => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          },
        }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  return state;
}
