import { z } from 'zod';
import { emailField } from './auth.js';
import { REJECTION_REASON_MAX, reviewedVersionSchema } from './admin/horses.js';
import { ADMIN_MESSAGES } from './admin/messages.js';
import { fieldChangeSchema } from './contract/horse.js';
import { PAYMENT_RECORD_STATUSES } from './contract/statuses.js';
import { isoDateField, signatureField } from './horse/fields.js';
import {
  MEMBER_TRANSFER_MESSAGES,
  MEMBER_TRANSFER_STATUSES,
  TRANSFER_FEE_MAX_CENTS,
  TRANSFER_FEE_PAYERS,
} from './member-transfer-terms.js';

export * from './member-transfer-terms.js';

/**
 * Member-started transfers of ownership (issue 31 item 1): the owner of record names a buyer and
 * signs, the buyer accepts and signs (or declines), the fee is paid by the party the association
 * chooses, and the office approves (or the association's setting does). docs/api.md "Member
 * transfers".
 */

const reasonField = z
  .string()
  .trim()
  .max(REJECTION_REASON_MAX, ADMIN_MESSAGES.tooLong(REJECTION_REASON_MAX))
  .optional();

/** `POST members/transfers`: the seller names the buyer and the sale date, and signs. */
export const startMemberTransferSchema = z.object({
  horseId: z.uuid({ error: 'Horse id must be a UUID' }),
  /** A member number (M-0002) or an email address; an unknown email invites a non-member. */
  buyer: z
    .string({ error: MEMBER_TRANSFER_MESSAGES.buyerRequired })
    .trim()
    .min(1, MEMBER_TRANSFER_MESSAGES.buyerRequired)
    .max(254, MEMBER_TRANSFER_MESSAGES.buyerRequired),
  saleDate: isoDateField({
    required: MEMBER_TRANSFER_MESSAGES.saleDateRequired,
    notAfter: { today: () => new Date(), message: MEMBER_TRANSFER_MESSAGES.saleDateFuture },
  }),
  sellerSignature: signatureField(MEMBER_TRANSFER_MESSAGES.sellerSignatureRequired),
});
export type StartMemberTransferInput = z.infer<typeof startMemberTransferSchema>;

/** Whether the buyer field reads as an email address (otherwise it is a member number). */
export const looksLikeEmail = (value: string) => value.includes('@');
export const buyerEmailField = emailField;

/** `POST members/transfers/:id/accept`. */
export const acceptMemberTransferSchema = z.object({
  buyerSignature: signatureField(MEMBER_TRANSFER_MESSAGES.buyerSignatureRequired),
  version: reviewedVersionSchema.optional(),
});
export type AcceptMemberTransferInput = z.infer<typeof acceptMemberTransferSchema>;

/** `POST members/transfers/:id/decline` and `.../cancel`. */
export const closeMemberTransferSchema = z.object({
  reason: reasonField,
  version: reviewedVersionSchema.optional(),
});
export type CloseMemberTransferInput = z.infer<typeof closeMemberTransferSchema>;

/** `PUT admin/member-transfers/:id`: the office's decision, on the versions it reviewed. */
export const decideMemberTransferSchema = z.object({
  action: z.enum(['approve', 'reject']),
  reason: reasonField,
  /** The transfer's `version` the decision was made on (or `If-Match: "<version>"`). */
  version: reviewedVersionSchema.optional(),
  /** The horse's `version` the office saw beside it. */
  horseVersion: reviewedVersionSchema,
});
export type DecideMemberTransferInput = z.infer<typeof decideMemberTransferSchema>;

/** The association's transfer settings (`GET/PUT admin/settings/transfers`). */
export const transferSettingsSchema = z.object({
  feeCents: z
    .number({ error: 'The fee must be a whole number of cents' })
    .int('The fee must be a whole number of cents')
    .min(0, 'The fee cannot be negative')
    .max(TRANSFER_FEE_MAX_CENTS, 'The fee cannot be more than $10,000.00'),
  payer: z.enum(TRANSFER_FEE_PAYERS, { error: 'Choose who pays the transfer fee' }),
  autoApprove: z.boolean(),
});
export type TransferSettings = z.infer<typeof transferSettingsSchema>;
export const DEFAULT_TRANSFER_SETTINGS: TransferSettings = {
  feeCents: 2500,
  payer: 'buyer',
  autoApprove: false,
};

const partySchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  memberNumber: z.string().nullable(),
});

/** One transfer as its seller, its buyer and the office see it. */
export const memberTransferSchema = z.object({
  id: z.string(),
  status: z.enum(MEMBER_TRANSFER_STATUSES),
  version: z.number(),
  horse: z.object({
    id: z.string(),
    name: z.string(),
    registrationNumber: z.string().nullable(),
    version: z.number(),
  }),
  seller: partySchema,
  /** `id` null while an invited buyer has not joined. */
  buyer: partySchema,
  saleDate: z.string(),
  feeCents: z.number(),
  feePayer: z.enum(TRANSFER_FEE_PAYERS),
  /** What the asking member may do now. */
  role: z.enum(['seller', 'buyer', 'office']),
  payment: z
    .object({
      id: z.string(),
      status: z.enum(PAYMENT_RECORD_STATUSES),
      method: z.string(),
      amountCents: z.number(),
      updatedAt: z.string(),
    })
    .nullable(),
  sellerSignedAt: z.string(),
  buyerSignedAt: z.string().nullable(),
  /** The drawn signatures (PNG/JPEG data URLs); only in a single transfer's answer. */
  sellerSignature: z.string().optional(),
  buyerSignature: z.string().nullable().optional(),
  reason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MemberTransfer = z.infer<typeof memberTransferSchema>;

/** A 409 of a decision on an older version: what changed of the transfer and of the horse. */
export const memberTransferConflictSchema = z.object({
  currentVersion: z.number(),
  currentHorseVersion: z.number(),
  changes: z.array(fieldChangeSchema),
});
