import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  PASSWORD_POLICY_MESSAGES,
  isCommonPassword,
  passwordRuleError,
  type PasswordRules,
} from '@registry/domain';
import { HttpError } from '../../http-error.js';

let list: ReadonlySet<string> | undefined;

/**
 * The common-password list of the domain package (packages/domain/data, see
 * docs/decisions/0023-password-policy-and-common-passwords.md), read
 * once on first use: about 18,000 lines, 170 KB, a few milliseconds.
 */
export function commonPasswords(): ReadonlySet<string> {
  if (!list) {
    const file = createRequire(import.meta.url).resolve(
      '@registry/domain/data/common-passwords.txt',
    );
    const lines = readFileSync(file, 'utf8').split('\n');
    list = new Set(lines.map((line) => line.trim()).filter((line) => line.length > 0));
  }
  return list;
}

/**
 * The whole password policy, for every place a password is set: the domain's rules (length,
 * spaces) and the common-password list. Throws a 400 naming `field`. Call it before using up a
 * one-time code, so a refused password does not cost the member their code.
 */
export function assertPasswordAllowed(
  password: string,
  rules: PasswordRules,
  field = 'newPassword',
): void {
  const message =
    passwordRuleError(password, rules) ??
    (isCommonPassword(password, commonPasswords()) ? PASSWORD_POLICY_MESSAGES.tooCommon : null);
  if (message) throw new HttpError(400, message, { [field]: message });
}
