import { z } from 'zod';
import { ADMIN_MESSAGES } from './messages.js';
import { OWNER_TYPES } from '../horse/constants.js';
import { HORSE_MESSAGES } from '../horse/messages.js';
import { OWNER_ADDRESS_KEYS, type OwnerAddressKey } from '../horse/owner-fields.js';
import { ownerSchema } from '../horse/sections/owners.js';

export const TRANSFER_MESSAGES = {
  coOwnerNeeded: 'Joint ownership needs one co-owner: a member, or a person marked as not a member',
  coOwnerOnlyJoint: 'A co-owner is given only for joint ownership',
  coOwnerSame: 'The co-owner must be someone other than the new owner',
  coOwnerNotFound: 'No active member with this id',
  coOwnerAddressOnlyMember: "A co-owner's address is completed only for a co-owner who is a member",
  memberTransferOpen:
    'This horse has an open member transfer. Approve, reject or wait for it to be cancelled first.',
} as const;

export const REJECTION_REASON_MAX = 1000;

/** The revision a decision was made on: `version` of the answer the office reviewed. */
export const reviewedVersionSchema = z
  .number({ error: 'The version you reviewed must be a whole number' })
  .int()
  .min(1)
  .max(2_147_483_647);
export const TRANSFER_NOTE_MAX = 500;
/** Set-password links (Send credentials) stay valid this long, and work once. */
export const SET_PASSWORD_LINK_HOURS = 72;

/** `PUT admin/approve-horse/:id`. */
export const approveHorseSchema = z.object({
  action: z.enum(['approve', 'reject']),
  /** One of the three name choices; defaults to the first choice. */
  approvedName: z.string().trim().max(100).optional(),
  /** Only when performance verification was requested. */
  verified: z.boolean().optional(),
  reason: z
    .string()
    .trim()
    .max(REJECTION_REASON_MAX, ADMIN_MESSAGES.tooLong(REJECTION_REASON_MAX))
    .optional(),
  overrideUnpaid: z.boolean().optional(),
  /** The horse's `version` the decision was made on (or `If-Match: "<version>"`). */
  version: reviewedVersionSchema.optional(),
});
export type ApproveHorseInput = z.infer<typeof approveHorseSchema>;

/** A co-owner of record who is not a member: typed in the transfer dialog, never looked up. */
export const nonMemberCoOwnerSchema = ownerSchema.omit({ memberNum: true });

/**
 * Address fields the transfer dialog asks for when a new owner's profile lacks them; they fill
 * only the profile's empty fields (and so the owner row the transfer builds from it).
 */
export const ownerAddressFillSchema = ownerSchema
  .pick(
    Object.fromEntries(OWNER_ADDRESS_KEYS.map((key) => [key, true])) as Record<
      OwnerAddressKey,
      true
    >,
  )
  .partial();
export type OwnerAddressFill = z.infer<typeof ownerAddressFillSchema>;

export const transferHorseSchema = z
  .object({
    horseId: z.uuid({ error: 'Horse id must be a UUID' }),
    newOwnerId: z.uuid({ error: 'Member id must be a UUID' }),
    note: z
      .string()
      .trim()
      .max(TRANSFER_NOTE_MAX, ADMIN_MESSAGES.tooLong(TRANSFER_NOTE_MAX))
      .optional(),
    /** The new owners of record: the new owner alone (default) or jointly with a co-owner. */
    ownerType: z.enum(OWNER_TYPES, { error: HORSE_MESSAGES.ownerTypeRequired }).optional(),
    /** Joint ownership with another member... */
    coOwnerId: z.uuid({ error: 'Co-owner id must be a UUID' }).optional(),
    /** ...or with someone who is not a member, marked as such by giving their details here. */
    coOwner: nonMemberCoOwnerSchema.optional(),
    /** The horse's `version` the transfer was decided on (or `If-Match: "<version>"`). */
    version: reviewedVersionSchema.optional(),
    /** Completes the new owner's profile where it lacks an address (see above). */
    newOwnerAddress: ownerAddressFillSchema.optional(),
    /** The same for a co-owner who is a member. */
    coOwnerAddress: ownerAddressFillSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const joint = value.ownerType === 'Joint';
    const given = Number(value.coOwnerId !== undefined) + Number(value.coOwner !== undefined);
    if (joint && given !== 1) {
      ctx.addIssue({
        code: 'custom',
        message: TRANSFER_MESSAGES.coOwnerNeeded,
        path: ['coOwnerId'],
      });
    } else if (!joint && given > 0) {
      ctx.addIssue({
        code: 'custom',
        message: TRANSFER_MESSAGES.coOwnerOnlyJoint,
        path: ['ownerType'],
      });
    } else if (value.coOwnerAddress && value.coOwnerId === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: TRANSFER_MESSAGES.coOwnerAddressOnlyMember,
        path: ['coOwnerAddress'],
      });
    } else if (joint && value.coOwnerId === value.newOwnerId) {
      ctx.addIssue({ code: 'custom', message: TRANSFER_MESSAGES.coOwnerSame, path: ['coOwnerId'] });
    }
  });
export type TransferHorseInput = z.infer<typeof transferHorseSchema>;

export const ADMIN_HORSE_SORT_FIELDS = [
  'createdAt',
  'updatedAt',
  'name',
  'registrationNumber',
  'approvalStatus',
  'paymentStatus',
] as const;
