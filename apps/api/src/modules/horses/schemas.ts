import { z } from 'zod';
import { APPROVAL_STATUSES, PAYMENT_STATUSES } from '../../db/schema.js';

/**
 * The answers of the horse routes (docs/api.md, "The Horse object"). They also document the API
 * in /api/docs and, as the serializer strips unknown keys, keep a stray column out of an answer.
 */

export const fileRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  /** Signed and expiring: `/uploads/<id>?exp=&sig=`. */
  url: z.string(),
});
export type FileRef = z.infer<typeof fileRefSchema>;

const ancestorFields = {
  name: z.string(),
  reg: z.string(),
  otherRegName: z.string(),
  otherRegNum: z.string(),
};
const ancestorSchema = z.object({ ...ancestorFields, paperwork: fileRefSchema.nullable() });
const parentSchema = ancestorSchema.extend({
  grand_sire: ancestorSchema,
  grand_dam: ancestorSchema,
  great_grand_sire: ancestorSchema,
  great_grand_dam: ancestorSchema,
});
const publicAncestorSchema = z.object(ancestorFields);
const publicParentSchema = publicAncestorSchema.extend({
  grand_sire: publicAncestorSchema,
  grand_dam: publicAncestorSchema,
  great_grand_sire: publicAncestorSchema,
  great_grand_dam: publicAncestorSchema,
});

const markingsSchema = z.object({
  left: z.string(),
  right: z.string(),
  face: z.string(),
  chin: z.string(),
  frontLeg: z.string(),
  hindLeg: z.string(),
  maneColor: z.string(),
  tailColor: z.string(),
});

const ownerSchema = z.object({
  memberNum: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  /** A co-owner marked as not a member (no member number to check). */
  nonMember: z.boolean().optional(),
});

/** What every viewer of a horse sees: the registry's record, no owner details or papers. */
const sharedFields = {
  _id: z.string(),
  approvedName: z.string().nullable(),
  registrationNum: z.string().nullable(),
  registrationType: z.string(),
  gaitDesignation: z.string(),
  verified: z.string(),
  stateFoaledIn: z.string(),
  breed: z.string(),
  foalDate: z.string(),
  bredBy: z.string(),
  sex: z.string(),
  color: z.string(),
  pattern: z.string(),
  othermarkings: markingsSchema,
  markingDocuments: z.array(fileRefSchema),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A member's edit of an approved record waiting for the office (docs/api.md "Change requests"). */
export const pendingChangeSchema = z.object({
  id: z.string(),
  submittedAt: z.string(),
  changes: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })),
});

export const horseSchema = z.object({
  ...sharedFields,
  ownerId: z.string(),
  performanceVerification: z.string(),
  performanceLink: z.string(),
  breedingDate: z.string(),
  firstChoice: z.string(),
  secondChoice: z.string(),
  thirdChoice: z.string(),
  DNA: z.string(),
  DNA_CASE: z.string(),
  DNA_TEST_DATE: z.string(),
  dnaTestSubmission: z.string(),
  ownerType: z.string(),
  owners: z.array(ownerSchema),
  checkedOwnerInfo: z.boolean(),
  otherRegistries: z.array(
    z.object({
      registryName: z.string(),
      registryNumber: z.string(),
      registryPaperwork: fileRefSchema.nullable(),
    }),
  ),
  sire: parentSchema,
  dam: parentSchema,
  registrationDocument: fileRefSchema.nullable(),
  performanceDocument: fileRefSchema.nullable(),
  ownerSignature: fileRefSchema.nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMode: z.string().nullable(),
  /** The latest provider payment id (pi_...), for "check payment status"; null if none. */
  paymentIntentId: z.string().nullable(),
  /** The registry's reason when the registration was rejected (shown to the owner). */
  rejectionReason: z.string().nullable(),
  /** The change awaiting review; the fields above stay the approved record until it is approved. */
  pendingChange: pendingChangeSchema.nullable(),
});
export type Horse = z.infer<typeof horseSchema>;

/** A horse as the registry-wide search shows it (docs/api.md "PublicHorse"). */
export const publicHorseSchema = z.object({
  ...sharedFields,
  /** Owners by name only: no member numbers, addresses or zip codes. */
  owners: z.array(z.object({ name: z.string() })),
  otherRegistries: z.array(z.object({ registryName: z.string(), registryNumber: z.string() })),
  sire: publicParentSchema,
  dam: publicParentSchema,
});
export type PublicHorse = z.infer<typeof publicHorseSchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  });
}
