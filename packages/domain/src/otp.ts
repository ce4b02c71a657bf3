import { z } from 'zod';
import { OTP_LENGTH, PASSWORD_MAX_LENGTH } from './constants.js';
import { emailField } from './auth.js';
import { AUTH_MESSAGES, OTP_MESSAGES } from './messages.js';
import { newPasswordField } from './password-policy.js';

export const otpField = z
  .string({ error: OTP_MESSAGES.otpRequired })
  .trim()
  .min(1, OTP_MESSAGES.otpRequired)
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), OTP_MESSAGES.otpLength);

export const sendOtpSchema = z.object({ email: emailField });
export type SendOtpInput = z.infer<typeof sendOtpSchema>;

export const verifyOtpSchema = z.object({ email: emailField, otp: otpField });
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;

export const memberResetPasswordSchema = z.object({
  email: emailField,
  otp: otpField,
  newPassword: newPasswordField({ allowSpaces: false }),
});
export const adminResetPasswordSchema = z.object({
  email: emailField,
  otp: otpField,
  newPassword: newPasswordField({ allowSpaces: true }),
});
export type ResetPasswordInput = z.infer<typeof memberResetPasswordSchema>;

/** Member sign-in by emailed code (`POST /api/auth/login` with `{ email, otp }`). */
export const otpLoginSchema = z.object({ email: emailField, otp: otpField });
export type OtpLoginInput = z.infer<typeof otpLoginSchema>;

/**
 * The member sign-in body: `{ email, password }` or `{ email, otp }`. Field messages as for
 * each form alone (a missing password is reported even when the email is also wrong).
 */
export const memberLoginSchema = z
  .object({
    email: emailField,
    password: z.string().max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong).optional(),
    otp: otpField.optional(),
  })
  .refine((value) => value.otp !== undefined || Boolean(value.password), {
    message: AUTH_MESSAGES.passwordRequired,
    path: ['password'],
    when: (payload) => {
      const input = payload.value as { otp?: unknown; password?: unknown } | undefined;
      return (
        typeof input === 'object' && input !== null && input.otp === undefined && !input.password
      );
    },
  });
export type MemberLoginInput = z.infer<typeof memberLoginSchema>;
