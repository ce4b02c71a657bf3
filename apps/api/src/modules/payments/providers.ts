import type { Db } from '../../db/client.js';
import type { PaymentsConfig } from '../../config.js';
import type { PaymentProvider } from './provider.js';
import { createSandboxProvider } from './sandbox-provider.js';

/**
 * Stripe when a secret key is configured, otherwise the sandbox. Stripe's SDK loads only then
 * (docs/decisions/0054-server-bundled-with-esbuild.md).
 */
export async function createPaymentProvider(
  config: PaymentsConfig,
  db: Db,
  publicUrl: string,
): Promise<PaymentProvider> {
  if (config.stripeSecretKey) {
    const { createStripeProvider } = await import('./stripe-provider.js');
    return createStripeProvider({ secretKey: config.stripeSecretKey, api: config.stripeApi });
  }
  return createSandboxProvider({ db, publicUrl, bankSettleMs: config.sandboxBankSettleMs });
}
