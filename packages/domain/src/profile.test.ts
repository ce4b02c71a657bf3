import { describe, expect, it } from 'vitest';
import {
  PASSWORD_POLICY_MESSAGES,
  PROFILE_MESSAGES,
  changeMemberPasswordSchema,
  emailChangeVerifySchema,
  profileUpdateSchema,
} from './index.js';

const base = { firstName: ' Ann ', lastName: 'Lee' };

function firstError(input: unknown): string | undefined {
  const result = profileUpdateSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('profileUpdateSchema', () => {
  it('trims, fills missing optional fields with empty text and drops unknown keys', () => {
    const parsed = profileUpdateSchema.parse({
      ...base,
      city: '  Lexington ',
      zip: null,
      email: 'new@example.org',
      memberNumber: 'X',
    });
    expect(parsed).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      address: '',
      city: 'Lexington',
      state: '',
      zip: '',
      phone: '',
    });
  });

  it('requires both names', () => {
    expect(firstError({ ...base, firstName: '   ' })).toBe(PROFILE_MESSAGES.firstNameRequired);
    expect(firstError({ firstName: 'A' })).toBe(PROFILE_MESSAGES.lastNameRequired);
  });

  it.each(['12345', '12345-6789'])('accepts the ZIP %s', (zip) => {
    expect(firstError({ ...base, zip })).toBeUndefined();
  });

  it.each(['1234', '123456', '12345-67', 'ABCDE'])('refuses the ZIP %s', (zip) => {
    expect(firstError({ ...base, zip })).toBe(PROFILE_MESSAGES.zipInvalid);
  });

  it('checks phone numbers and lengths', () => {
    expect(firstError({ ...base, phone: '(859) 555-0100' })).toBeUndefined();
    expect(firstError({ ...base, phone: '555-0100' })).toBe(PROFILE_MESSAGES.phoneInvalid);
    expect(firstError({ ...base, phone: 'call me' })).toBe(PROFILE_MESSAGES.phoneInvalid);
    expect(firstError({ ...base, address: 'x'.repeat(201) })).toBe(
      PROFILE_MESSAGES.tooLong('Address', 200),
    );
  });
});

describe('changeMemberPasswordSchema', () => {
  it('requires the current password and applies the member rules to the new one', () => {
    const error = (input: unknown) =>
      changeMemberPasswordSchema.safeParse(input).error?.issues.map((issue) => issue.message);
    expect(error({ currentPassword: '', newPassword: 'long enough' })).toEqual([
      PROFILE_MESSAGES.currentPasswordRequired,
      PASSWORD_POLICY_MESSAGES.noSpaces,
    ]);
    expect(error({ currentPassword: 'x', newPassword: 'short' })).toEqual([
      PASSWORD_POLICY_MESSAGES.tooShort,
    ]);
    expect(error({ currentPassword: 'x', newPassword: 'longenough' })).toBeUndefined();
  });
});

describe('emailChangeVerifySchema', () => {
  it.each(['12345', '1234567', 'abcdef', ''])('refuses the code "%s"', (otp) => {
    const result = emailChangeVerifySchema.safeParse({ email: 'a@b.org', otp });
    expect(result.error?.issues[0]?.message).toBe(PROFILE_MESSAGES.otpInvalid);
  });
});
