import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';
import { PASSWORD_POLICY_MESSAGES } from './messages.js';

/**
 * The one password policy (NIST SP 800-63B style): a minimum length, a generous maximum, no
 * composition rules, and leaked/common passwords refused. The common-password list is checked
 * on the server only (see `isCommonPassword`); the browser gets the cheap rules.
 */
export const PASSWORD_RECOMMENDED_LENGTH = 15;

export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; ${PASSWORD_RECOMMENDED_LENGTH} or more is better. A few unrelated words make a strong password.`;

/** Members may not use spaces (spec §5.2); administrators may. */
export interface PasswordRules {
  allowSpaces: boolean;
}

/** The first broken rule other than the common-password list, or null. */
export function passwordRuleError(password: string, rules: PasswordRules): string | null {
  if (password.length === 0) return PASSWORD_POLICY_MESSAGES.newPasswordRequired;
  if (!rules.allowSpaces && /\s/.test(password)) return PASSWORD_POLICY_MESSAGES.noSpaces;
  // Counted in code points so an emoji is one character, as a person would count it.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return PASSWORD_POLICY_MESSAGES.tooShort;
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_POLICY_MESSAGES.tooLong;
  return null;
}

/**
 * The list holds lower-cased entries of at least PASSWORD_MIN_LENGTH characters, so the check
 * ignores case ("Password1" is as weak as "password1") and surrounding spaces.
 */
export function isCommonPassword(password: string, list: ReadonlySet<string>): boolean {
  return list.has(password.trim().toLowerCase());
}

/** A new password field with the policy's rules (the server adds the common-password check). */
export function newPasswordField(rules: PasswordRules) {
  return z
    .string({ error: PASSWORD_POLICY_MESSAGES.newPasswordRequired })
    .superRefine((value, context) => {
      const message = passwordRuleError(value, rules);
      if (message) context.addIssue({ code: 'custom', message });
    });
}
