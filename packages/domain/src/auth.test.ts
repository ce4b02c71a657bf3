import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, loginSchema, normalizeEmail } from './index.js';

function firstError(input: unknown): string | undefined {
  const result = loginSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('loginSchema', () => {
  it('accepts a well-formed email and password and trims the email', () => {
    const parsed = loginSchema.parse({ email: '  a@b.org ', password: 'x' });
    expect(parsed.email).toBe('a@b.org');
  });

  it('says the email is required when it is empty or missing', () => {
    expect(firstError({ email: '', password: 'x' })).toBe(AUTH_MESSAGES.emailRequired);
    expect(firstError({ password: 'x' })).toBe(AUTH_MESSAGES.emailRequired);
  });

  it.each(['plain', 'a@b', 'a b@c.org', '@c.org'])('rejects %s as an email', (email) => {
    expect(firstError({ email, password: 'x' })).toBe(AUTH_MESSAGES.emailInvalid);
  });

  it('requires a password and caps its length', () => {
    expect(firstError({ email: 'a@b.org', password: '' })).toBe(AUTH_MESSAGES.passwordRequired);
    expect(firstError({ email: 'a@b.org', password: 'x'.repeat(129) })).toBe(
      AUTH_MESSAGES.passwordTooLong,
    );
  });
});

describe('normalizeEmail', () => {
  it('lower-cases and trims', () => {
    expect(normalizeEmail(' Admin@Example.ORG ')).toBe('admin@example.org');
  });
});
