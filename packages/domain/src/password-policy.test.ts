import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_POLICY_MESSAGES,
  isCommonPassword,
  passwordRuleError,
} from './index.js';

describe('passwordRuleError', () => {
  it('asks for 8 characters and allows at least 64', () => {
    expect(PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(64);
    expect(passwordRuleError('a'.repeat(7), { allowSpaces: true })).toBe(
      PASSWORD_POLICY_MESSAGES.tooShort,
    );
    expect(passwordRuleError('a'.repeat(8), { allowSpaces: true })).toBeNull();
    expect(passwordRuleError('a'.repeat(64), { allowSpaces: false })).toBeNull();
    expect(passwordRuleError('a'.repeat(PASSWORD_MAX_LENGTH + 1), { allowSpaces: true })).toBe(
      PASSWORD_POLICY_MESSAGES.tooLong,
    );
  });

  it('has no composition rules and refuses spaces only when told to', () => {
    expect(passwordRuleError('alllowercaseletters', { allowSpaces: false })).toBeNull();
    expect(passwordRuleError('correct horse battery', { allowSpaces: true })).toBeNull();
    expect(passwordRuleError('correct horse battery', { allowSpaces: false })).toBe(
      PASSWORD_POLICY_MESSAGES.noSpaces,
    );
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordRuleError('🐴🐴🐴🐴🐴🐴🐴', { allowSpaces: true })).toBe(
      PASSWORD_POLICY_MESSAGES.tooShort,
    );
  });
});

describe('isCommonPassword', () => {
  it('ignores case', () => {
    const list = new Set(['password1']);
    expect(isCommonPassword('PassWord1', list)).toBe(true);
    expect(isCommonPassword('password12', list)).toBe(false);
  });
});
