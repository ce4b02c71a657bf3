import { z } from 'zod';
import { OTP_LENGTH, PASSWORD_MAX_LENGTH } from './constants.js';
import { emailField, sessionUserSchema } from './auth.js';
import { newPasswordField } from './password-policy.js';
import { US_STATE_MESSAGE, usStateNamed } from './us-state.js';

/** Messages of the member's Profile page and the change-email flows (spec §2.5, §8). */
export const PROFILE_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or fewer`,
  zipInvalid: 'Please enter a valid ZIP code (12345 or 12345-6789)',
  phoneInvalid: 'Please enter a valid phone number',
  updated: 'Profile updated successfully',
  otpInvalid: 'Please enter a valid 6-digit OTP',
  otpSentToEmail: 'OTP has been sent to your email.',
  sendOtpFailed: 'Failed to send OTP. Please try again.',
  emailInUse: 'This email is already in use',
  emailSame: 'This is already your email address',
  emailUpdated: 'Email updated successfully',
  currentPasswordRequired: 'Current password is required',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully',
  pictureRequired: 'Please choose a picture',
  pictureType: 'The picture must be a JPEG or PNG image',
  pictureTooLarge: 'The picture must be 5 MB or smaller',
  pictureUnreadable: 'This picture could not be read. Please choose another JPEG or PNG image.',
  pictureUpdated: 'Profile picture updated',
  pictureRemoved: 'Profile picture removed',
} as const;

/**
 * Profile pictures: checked by content, stored re-encoded as a square
 * (docs/decisions/0024-profile-pictures-re-encoded.md).
 */
export const PROFILE_PICTURE = {
  field: 'profilePicture',
  mimeTypes: ['image/jpeg', 'image/png'],
  accept: '.jpg,.jpeg,.png,image/jpeg,image/png',
  maxBytes: 5 * 1024 * 1024,
  /** Stored width and height in pixels (cover crop). */
  sizePx: 256,
} as const;

export const PROFILE_LIMITS = {
  name: 100,
  address: 200,
  city: 100,
  state: 50,
  phone: 30,
} as const;

/** US ZIP or ZIP+4. */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/** Digits with the usual separators; 10 to 15 digits covers US numbers with or without +1. */
export function isPhoneNumber(value: string): boolean {
  if (!/^[\d\s()+.-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 10 && digits <= 15;
}

const requiredName = (label: string, required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(PROFILE_LIMITS.name, PROFILE_MESSAGES.tooLong(label, PROFILE_LIMITS.name));

/** Optional text: missing, null and blank all mean "not given" and come out as ''. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, PROFILE_MESSAGES.tooLong(label, max))
    .nullish()
    .transform((value) => value ?? '');

/**
 * What a member may change on the Profile page. Unknown keys (email, memberNumber, role...) are
 * dropped, not refused, so a client may send back the whole profile it was given.
 */
export const profileUpdateSchema = z.object({
  firstName: requiredName('First name', PROFILE_MESSAGES.firstNameRequired),
  lastName: requiredName('Last name', PROFILE_MESSAGES.lastNameRequired),
  address: optionalText('Address', PROFILE_LIMITS.address),
  city: optionalText('City', PROFILE_LIMITS.city),
  state: optionalText('State', PROFILE_LIMITS.state)
    .refine((state) => state === '' || usStateNamed(state) !== undefined, US_STATE_MESSAGE)
    .transform((state) => (state === '' ? '' : (usStateNamed(state) ?? state))),
  zip: optionalText('ZIP', 10).refine(
    (zip) => zip === '' || ZIP_PATTERN.test(zip),
    PROFILE_MESSAGES.zipInvalid,
  ),
  phone: optionalText('Phone', PROFILE_LIMITS.phone).refine(
    (phone) => phone === '' || isPhoneNumber(phone),
    PROFILE_MESSAGES.phoneInvalid,
  ),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** The member's profile as the API returns it; `profilePicture` is a signed URL or null. */
export const memberProfileSchema = sessionUserSchema.extend({
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  phone: z.string().nullable(),
});
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/** `PUT members/change-memberPassword`. */
export const changeMemberPasswordSchema = z.object({
  currentPassword: z
    .string({ error: PROFILE_MESSAGES.currentPasswordRequired })
    .min(1, PROFILE_MESSAGES.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, PROFILE_MESSAGES.currentPasswordIncorrect),
  newPassword: newPasswordField({ allowSpaces: false }),
});
export type ChangeMemberPasswordInput = z.infer<typeof changeMemberPasswordSchema>;

/** `POST admin/sendotp`, `POST members/sendotp-email`: the new address. */
export const emailChangeSendSchema = z.object({ email: emailField });
export type EmailChangeSendInput = z.infer<typeof emailChangeSendSchema>;

/** `POST admin|members/verifyOtp-updateEmail`. */
export const emailChangeVerifySchema = z.object({
  email: emailField,
  otp: z
    .string({ error: PROFILE_MESSAGES.otpInvalid })
    .trim()
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), PROFILE_MESSAGES.otpInvalid),
});
export type EmailChangeVerifyInput = z.infer<typeof emailChangeVerifySchema>;
