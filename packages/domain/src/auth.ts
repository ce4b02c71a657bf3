import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  PASSWORD_MAX_LENGTH,
  ROLES,
  STAFF_ROLES,
} from './constants.js';
import { AUTH_MESSAGES } from './messages.js';

export const emailField = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  // abort: an over-long value stops here; the pattern never runs on it.
  .max(EMAIL_MAX_LENGTH, { error: AUTH_MESSAGES.emailInvalid, abort: true })
  .regex(EMAIL_PATTERN, AUTH_MESSAGES.emailInvalid);

/** Sign-in takes any non-empty password: strength rules apply when one is set, not when used. */
export const loginSchema = z.object({
  email: emailField,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const roleSchema = z.enum(ROLES);

/** What the API tells the client about the signed-in user; stored as `userData`. */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  memberNumber: z.string().nullable(),
  profilePicture: z.string().nullable(),
  /** Office accounts: what the signed-in staff member may do (admin/staff.ts); null for members. */
  staffRole: z.enum(STAFF_ROLES).nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  role: roleSchema,
  user: sessionUserSchema,
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** Normalised form in which emails are stored and compared. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
