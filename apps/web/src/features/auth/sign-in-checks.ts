import {
  AUTH_MESSAGES,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  OTP_LENGTH,
  OTP_MESSAGES,
  PASSWORD_MAX_LENGTH,
} from '@registry/domain';

/*
 * The sign-in page's own field checks. They apply the rules of the domain's emailField,
 * loginSchema's password and otpField with the domain's messages and limits, but without zod:
 * zod is about 22 KB gzip the sign-in page would otherwise download before anything else.
 * sign-in-checks.test.ts holds them to the domain schemas so the two cannot drift apart.
 * Each returns the first message the schema would report, or undefined when the value passes.
 */

const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/** emailField: trimmed, required, at most EMAIL_MAX_LENGTH, the simple address pattern. */
export function checkEmail(value: string): string | undefined {
  const email = value.trim();
  if (email.length < 1) return AUTH_MESSAGES.emailRequired;
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) {
    return AUTH_MESSAGES.emailInvalid;
  }
  return undefined;
}

/** loginSchema's password: any non-empty value up to PASSWORD_MAX_LENGTH, not trimmed. */
export function checkLoginPassword(value: string): string | undefined {
  if (value.length < 1) return AUTH_MESSAGES.passwordRequired;
  if (value.length > PASSWORD_MAX_LENGTH) return AUTH_MESSAGES.passwordTooLong;
  return undefined;
}

/** otpField: trimmed, required, exactly OTP_LENGTH digits. */
export function checkOtp(value: string): string | undefined {
  const otp = value.trim();
  if (otp.length < 1) return OTP_MESSAGES.otpRequired;
  if (!OTP_PATTERN.test(otp)) return OTP_MESSAGES.otpLength;
  return undefined;
}
