import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig({ INIT_CWD: '/srv/registry', ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

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
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
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
});
