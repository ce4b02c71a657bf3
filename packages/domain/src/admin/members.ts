import { z } from 'zod';
import { emailField } from '../auth.js';
import { US_STATE_MESSAGE, usStateNamed } from '../us-state.js';
import { normalizeMemberNumber } from '../member-number.js';
import { ADMIN_MESSAGES } from './messages.js';

export const MEMBER_FIELD_MAX = 100;
export const MEMBER_NUMBER_MAX = 30;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, ADMIN_MESSAGES.tooLong(max))
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

const requiredText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(MEMBER_FIELD_MAX, ADMIN_MESSAGES.tooLong(MEMBER_FIELD_MAX));

/** A member's profile as an administrator creates or edits it (no password: see set-password). */
export const memberInputSchema = z.object({
  email: emailField,
  // One spelling, checked for length once folded (normalizeMemberNumber).
  memberNumber: z
    .string()
    .overwrite(normalizeMemberNumber)
    .max(MEMBER_NUMBER_MAX, ADMIN_MESSAGES.tooLong(MEMBER_NUMBER_MAX))
    .optional()
    .nullable()
    .transform((value) => (value ? value : null)),
  firstName: requiredText(ADMIN_MESSAGES.firstNameRequired),
  lastName: requiredText(ADMIN_MESSAGES.lastNameRequired),
  phone: optionalText(40),
  address: optionalText(200),
  city: optionalText(MEMBER_FIELD_MAX),
  state: optionalText(MEMBER_FIELD_MAX)
    .refine((state) => state === null || usStateNamed(state) !== undefined, US_STATE_MESSAGE)
    .transform((state) => (state === null ? null : (usStateNamed(state) ?? state))),
  zip: optionalText(20),
});
export type MemberInput = z.infer<typeof memberInputSchema>;

export const MEMBER_SORT_FIELDS = ['name', 'email', 'memberNumber', 'city', 'createdAt'] as const;
export type MemberSortField = (typeof MEMBER_SORT_FIELDS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;

/** CSV import and export of members: the header row names these columns (any order). */
export const MEMBER_CSV_COLUMNS = [
  'memberNumber',
  'email',
  'firstName',
  'lastName',
  'phone',
  'address',
  'city',
  'state',
  'zip',
] as const;
/** Columns the export adds; an import accepts and ignores them, so an export can be re-imported. */
export const MEMBER_CSV_EXPORT_ONLY = ['active', 'createdAt'] as const;
export const MEMBER_CSV_REQUIRED = ['email', 'firstName', 'lastName'] as const;
export const MEMBER_CSV_MAX_BYTES = 2 * 1024 * 1024;
export const MEMBER_CSV_MAX_ROWS = 5000;

/**
 * `POST admin/members/send-credentials`: set-password links for many members at once (after a
 * CSV import). The web sends the ids in batches of at most this many, showing progress between.
 */
export const BULK_CREDENTIALS_MAX = 50;
export const bulkCredentialsInputSchema = z.object({
  memberIds: z
    .array(z.string().max(64))
    .min(1)
    .max(BULK_CREDENTIALS_MAX, `At most ${BULK_CREDENTIALS_MAX} members per request`),
});
export type BulkCredentialsInput = z.infer<typeof bulkCredentialsInputSchema>;

/**
 * What happened for each member: `sent` (a link was queued), `already-sent` (an unused link
 * is still valid, so repeating the request sends nothing twice), `has-password`, `inactive`,
 * `not-found`.
 */
export const CREDENTIAL_OUTCOMES = [
  'sent',
  'already-sent',
  'has-password',
  'inactive',
  'not-found',
] as const;
export type CredentialOutcome = (typeof CREDENTIAL_OUTCOMES)[number];
export const bulkCredentialsResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      email: z.string().nullable(),
      outcome: z.enum(CREDENTIAL_OUTCOMES),
    }),
  ),
});
export type BulkCredentialsResult = z.infer<typeof bulkCredentialsResultSchema>;
