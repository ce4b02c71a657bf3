import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { configProblems } from '../../test/config-problems.js';

const problemsOf = (env: Record<string, string>) =>
  configProblems({ INIT_CWD: '/srv/registry', ...env });

/** A whole set of Stripe test keys (test mode: sk_test_, pk_test_, whsec_). */
const STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
};

describe('payment settings', () => {
  it('default to the sandbox with a 15 s bank settle time', () => {
    expect(loadConfig({ INIT_CWD: '/srv/registry', PORT: '8080' })).toMatchObject({
      publicUrl: 'http://localhost:8080',
      payments: {
        stripeSecretKey: undefined,
        stripePublishableKey: undefined,
        stripeWebhookSecret: undefined,
        stripeApi: {},
        sandboxBankSettleMs: 15000,
      },
    });
  });

  it('read the Stripe keys and the API override', () => {
    const config = loadConfig({
      INIT_CWD: '/srv/registry',
      ...STRIPE_KEYS,
      STRIPE_API_HOST: 'localhost',
      STRIPE_API_PORT: '12111',
      STRIPE_API_PROTOCOL: 'http',
      SANDBOX_BANK_SETTLE_MS: '500',
    });
    expect(config.payments).toEqual({
      stripeSecretKey: 'sk_test_abc123',
      stripePublishableKey: 'pk_test_abc123',
      stripeWebhookSecret: 'whsec_abc123',
      stripeApi: { host: 'localhost', port: 12111, protocol: 'http' },
      sandboxBankSettleMs: 500,
    });
  });

  it('give one line per bad value without echoing the secret', () => {
    const problems = problemsOf({
      STRIPE_SECRET_KEY: 'pk_test_swapped-secret-value',
      STRIPE_PUBLISHABLE_KEY: 'sk_test_wrong',
      STRIPE_WEBHOOK_SECRET: 'nope-secret',
      STRIPE_API_PORT: 'http',
      STRIPE_API_PROTOCOL: 'ftp',
      SANDBOX_BANK_SETTLE_MS: 'soon',
    });
    expect(problems).toHaveLength(6);
    expect(problems.map((p) => p.split(' ')[0]).sort()).toEqual([
      'SANDBOX_BANK_SETTLE_MS',
      'STRIPE_API_PORT',
      'STRIPE_API_PROTOCOL',
      'STRIPE_PUBLISHABLE_KEY',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    expect(problems.join('\n')).not.toContain('swapped-secret-value');
    expect(problems.join('\n')).not.toContain('nope-secret');
  });

  it.each([
    [['STRIPE_SECRET_KEY'], 'STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET'],
    [['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'], 'STRIPE_WEBHOOK_SECRET'],
    [['STRIPE_WEBHOOK_SECRET'], 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY'],
  ])('refuse to start with only some Stripe variables (%j)', (given, missing) => {
    const all: Record<string, string> = {
      STRIPE_SECRET_KEY: 'sk_test_partial-secret',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_partial-secret',
    };
    const env = Object.fromEntries(given.map((name) => [name, all[name] as string]));
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`${missing} must be set as well`);
    expect(problems[0]).not.toContain('partial-secret');
  });

  it('refuse the silent sandbox in production; PAYMENTS_SANDBOX=1 asks for it', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('required when NODE_ENV=production');
    expect(problems[0]).toContain('PAYMENTS_SANDBOX=1');
    expect(problemsOf({ NODE_ENV: 'production', PAYMENTS_SANDBOX: '1' })).toEqual([]);
    expect(problemsOf({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'soon' })).toEqual([
      'PAYMENTS_SANDBOX must be 1 or 0 (or true/false)',
    ]);
    // Outside production the sandbox stays the default, as before.
    expect(problemsOf({ NODE_ENV: 'development' })).toEqual([]);
    expect(
      problemsOf({
        NODE_ENV: 'production',
        STRIPE_SECRET_KEY: 'sk_live_abc123',
        STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
      }),
    ).toEqual([]);
  });

  it('refuse PAYMENTS_SANDBOX together with the Stripe keys', () => {
    expect(problemsOf({ PAYMENTS_SANDBOX: '1', ...STRIPE_KEYS })).toEqual([
      'PAYMENTS_SANDBOX must not be set together with the Stripe keys',
    ]);
  });
});
