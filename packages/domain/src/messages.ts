import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.js';

/** "1 minute", "12 minutes": a wait, rounded up to whole minutes. */
const minutes = (seconds: number) => {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return n === 1 ? '1 minute' : `${n} minutes`;
};

/**
 * User-facing messages shared by the web app and the API (spec §5.2, §8). This module stays
 * free of zod so a page can show a message without loading the schemas.
 */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  passwordTooLong: 'Password is too long',
  /** One message for every wrong credential, so sign-in reveals nothing about accounts. */
  invalidCredentials: 'Invalid email or password',
  accountInactive: 'This account is inactive. Please contact the association office.',
  wrongPortalAdmin: 'This sign-in is for administrators. Members sign in at /login.',
  wrongPortalMember: 'This sign-in is for members. Administrators sign in at /admin/login.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  /** The account's wait after wrong passwords from this address (docs/api.md, "Signing in"). */
  tooManyAttemptsWait: (seconds: number) =>
    `Too many sign-in attempts. Please wait ${minutes(seconds)} and try again.`,
  sessionExpired: 'Your session has ended. Please sign in again.',
  notAuthenticated: 'Please sign in to continue.',
  forbidden: 'You do not have permission to do that.',
} as const;

export const GENERIC_MESSAGES = {
  notFound: 'Not found',
  validationFailed: 'Some fields are not valid',
  serverError: 'Something went wrong on our side. Please try again.',
  databaseUnavailable: 'The registry database is unavailable. Please try again shortly.',
  tooManyRequests: 'Too many requests. Please slow down and try again.',
  unsafeText: 'This field contains a character that cannot be stored (a NUL or a broken character)',
  invalidValue: 'A value in this request is not valid',
  malformedUpload: 'The upload was not a well-formed multipart form. Please try again.',
  addressInvalid: 'The address of this request is not valid',
  addressTooLong: 'The address of this request is too long',
} as const;

export const PASSWORD_POLICY_MESSAGES = {
  newPasswordRequired: 'New password is required',
  noSpaces: 'Password cannot contain spaces',
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be ${PASSWORD_MAX_LENGTH} characters or fewer`,
  tooCommon: 'This password is too common. Please choose another.',
} as const;

/** Messages of the one-time-passcode flows (spec §5.2, §8). */
export const OTP_MESSAGES = {
  otpRequired: 'OTP is required',
  otpLength: 'OTP must be 6 digits',
  newPasswordRequired: PASSWORD_POLICY_MESSAGES.newPasswordRequired,
  passwordNoSpaces: PASSWORD_POLICY_MESSAGES.noSpaces,
  passwordTooShort: PASSWORD_POLICY_MESSAGES.tooShort,
  passwordTooCommon: PASSWORD_POLICY_MESSAGES.tooCommon,
  sent: (email: string) => `An OTP has been sent to ${email}`,
  verified: 'OTP verified successfully. Now, please enter your new password.',
  passwordReset: 'Password has been successfully reset',
  invalidOtp: 'Invalid OTP. Please try again.',
  expiredOtp: 'This OTP has expired. Please request a new one.',
  /** The wait after wrong codes (docs/api.md, "One-time codes"). */
  tooManyOtpAttemptsWait: (seconds: number) =>
    `Too many wrong codes. Please wait ${minutes(seconds)}, then request a new code.`,
  resendTooSoon: 'Please wait a minute before requesting another code.',
  resendLimit: 'Too many codes requested. Please try again later.',
} as const;
