import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config.js';
import { startFakeStripe, stripeConfig, type FakeStripe } from './fake-stripe.js';
import type { TestApp } from './harness.js';
import { registerHorse, sandboxPayments } from './payment-fixtures.js';
import { createSignedInApp } from './signed-in-app.js';

/** Test apps for the payment suites, each with demo member A signed in as `member`. */

/** Paying through the sandbox provider; its bank debits settle after `settleMs`. */
export async function createSandboxApp(settleMs: number): Promise<{ t: TestApp; member: string }> {
  const { t, memberA } = await createSignedInApp(['memberA'], {
    publicUrl: 'http://registry.test',
    payments: sandboxPayments(settleMs),
  });
  return { t, member: memberA };
}

/**
 * createSandboxApp for a whole suite: started before its first test, closed after its last
 * (read `suite.t` and `suite.member` inside the tests); `newHorse` registers an unpaid horse of
 * the member's.
 */
export function sandboxSuite(settleMs: number) {
  const suite = {} as { t: TestApp; member: string };
  beforeAll(async () => {
    Object.assign(suite, await createSandboxApp(settleMs));
  });
  afterAll(() => suite.t.close());
  const newHorse = () => registerHorse(suite.t.app, suite.t.database.db, suite.member);
  return { suite, newHorse };
}

/**
 * Paying through the real Stripe client against a fake Stripe of its own; closing the app stops
 * the fake too.
 */
export async function createStripeApp(
  overrides: Partial<Config> = {},
  webhookSecret?: string,
): Promise<{ t: TestApp; stripe: FakeStripe; member: string }> {
  const stripe = await startFakeStripe();
  const { t, memberA } = await createSignedInApp(['memberA'], {
    ...overrides,
    payments: stripeConfig(stripe.port, webhookSecret),
  });
  const close = async () => {
    await t.close();
    await stripe.close();
  };
  return { t: { ...t, close }, stripe, member: memberA };
}
