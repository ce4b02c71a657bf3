import { describe, expect, it } from 'vitest';
import {
  EMAIL_MAX_LENGTH,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  emailField,
  loginSchema,
  otpField,
} from '@registry/domain';
import { firstIssue } from '../../lib/first-issue';
import { checkEmail, checkLoginPassword, checkOtp } from './sign-in-checks';

// The checks stand in for the domain schemas on the sign-in page; these samples hold them
// to the schemas' verdicts and messages, edge cases included.
const local = 'a'.repeat(EMAIL_MAX_LENGTH - '@example.org'.length);
const EMAILS = [
  '',
  '   ',
  'a@b.c',
  '  member1@example.org  ',
  'member1@example',
  'member 1@example.org',
  '@example.org',
  'a@@b.co',
  `${local}@example.org`,
  `${local}x@example.org`,
  ` ${local}@example.org `,
];
const PASSWORDS = [
  '',
  ' ',
  'x',
  '  spaced  ',
  'p'.repeat(PASSWORD_MAX_LENGTH),
  'p'.repeat(PASSWORD_MAX_LENGTH + 1),
];
const OTPS = [
  '',
  '  ',
  '1'.repeat(OTP_LENGTH),
  ` ${'2'.repeat(OTP_LENGTH)} `,
  '12345',
  '1234567',
  '12a456',
  '١٢٣٤٥٦',
];

describe('sign-in checks', () => {
  it.each(EMAILS)('email %j as emailField', (value) => {
    expect(checkEmail(value)).toBe(firstIssue(emailField, value));
  });

  it.each(PASSWORDS)('password %j as loginSchema', (value) => {
    const result = loginSchema.shape.password.safeParse(value);
    expect(checkLoginPassword(value)).toBe(
      result.success ? undefined : result.error.issues[0]?.message,
    );
  });

  it.each(OTPS)('code %j as otpField', (value) => {
    expect(checkOtp(value)).toBe(firstIssue(otpField, value));
  });
});
