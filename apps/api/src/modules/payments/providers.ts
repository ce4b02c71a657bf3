import type { Db } from '../../db/client.js';
import type { PaymentsConfig } from '../../config.js';
import type { PaymentProvider } from './provider.js';
import { createSandboxProvider } from './sandbox-provider.js';
import { createStripeProvider } from './stripe-provider.js';

/** Stripe when a secret key is configured, otherwise the sandbox. */
export function createPaymentProvider(
  config: PaymentsConfig,
  db: Db,
  publicUrl: string,
): PaymentProvider {
  if (config.stripeSecretKey) {
    return createStripeProvider({ secretKey: config.stripeSecretKey, api: config.stripeApi });
  }
  return createSandboxProvider({ db, publicUrl, bankSettleMs: config.sandboxBankSettleMs });
}
