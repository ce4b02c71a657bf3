import { z } from 'zod';
import {
  OWNER_TEXT_KEYS,
  PUBLIC_TEXT_KEYS,
  type OwnerTextKey,
  type PublicTextKey,
} from '../horse/stored-fields.js';
import { OWNER_ROW_TEXT_KEYS, type OwnerRowTextKey } from '../horse/owner-fields.js';
import { MARKING_DESCRIPTION_KEYS } from '../horse/text-field-tables.js';
import { APPROVAL_STATUSES, PAYMENT_STATUSES } from './statuses.js';

/**
 * The answers of the horse routes (docs/api.md "The Horse object"). The API uses them as its
 * response schemas (they document /api/docs and, as the serializer strips unknown keys, keep a
 * stray column out of an answer); the web imports their types only.
 */

/** A stored upload; `url` is signed and expires (`/uploads/<id>?exp=&sig=`). */
export const fileRefSchema = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  url: z.string(),
});
export type FileRef = z.infer<typeof fileRefSchema>;

// The parts of a horse below are exported so the OpenAPI document can name them once
// (apps/api/src/plugins/openapi-components.ts); the web uses the types.
const ancestorNameFields = {
  name: z.string(),
  reg: z.string(),
  otherRegName: z.string(),
  otherRegNum: z.string(),
};
export const storedAncestorSchema = z.object({
  ...ancestorNameFields,
  paperwork: fileRefSchema.nullable(),
});
export const storedParentSchema = storedAncestorSchema.extend({
  grand_sire: storedAncestorSchema,
  grand_dam: storedAncestorSchema,
  great_grand_sire: storedAncestorSchema,
  great_grand_dam: storedAncestorSchema,
});
export const publicAncestorSchema = z.object(ancestorNameFields);
export const publicParentSchema = publicAncestorSchema.extend({
  grand_sire: publicAncestorSchema,
  grand_dam: publicAncestorSchema,
  great_grand_sire: publicAncestorSchema,
  great_grand_dam: publicAncestorSchema,
});
export type HorseAncestor = z.infer<typeof storedAncestorSchema>;
export type HorseParent = z.infer<typeof storedParentSchema>;

/** A string for each key, in the keys' order (which is the order the answer lists them in). */
function textShape<const K extends string>(keys: readonly K[]): Record<K, z.ZodString> {
  return Object.fromEntries(keys.map((key) => [key, z.string()])) as Record<K, z.ZodString>;
}

export const storedMarkingsSchema = z.object(textShape(MARKING_DESCRIPTION_KEYS));
export type HorseMarkings = z.infer<typeof storedMarkingsSchema>;

/** An owner row: its text fields from the owners' table (horse/owner-fields.ts), then: */
export const storedOwnerSchema = z.object({
  ...textShape<OwnerRowTextKey>(OWNER_ROW_TEXT_KEYS),
  /** Absent on records saved before the field existed: read it as United States. */
  country: z.string().optional(),
  /** A co-owner marked as not a member (no member number to check). */
  nonMember: z.boolean().optional(),
});
export type HorseOwner = z.infer<typeof storedOwnerSchema>;

export const storedRegistrySchema = z.object({
  registryName: z.string(),
  registryNumber: z.string(),
  registryPaperwork: fileRefSchema.nullable(),
});
export type HorseOtherRegistry = z.infer<typeof storedRegistrySchema>;

/** One changed value: `field` is a path such as `sire.name`, `owners.1.memberNum` or `sex`. */
export const fieldChangeSchema = z.object({ field: z.string(), from: z.string(), to: z.string() });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** What every viewer of a horse sees: the registry's record, no owner details or papers. */
const sharedFields = {
  _id: z.string(),
  approvedName: z.string().nullable(),
  registrationNum: z.string().nullable(),
  // The sections' public text fields (horse/stored-fields.ts), in form order.
  ...textShape<PublicTextKey>(PUBLIC_TEXT_KEYS),
  othermarkings: storedMarkingsSchema,
  markingDocuments: z.array(fileRefSchema),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A member's edit of an approved record waiting for the office (docs/api.md "Change requests"). */
export const pendingChangeSchema = z.object({
  id: z.string(),
  submittedAt: z.string(),
  changes: z.array(fieldChangeSchema),
});
export type PendingChange = z.infer<typeof pendingChangeSchema>;

/** The owner's (and the office's) view of a horse. */
export const horseSchema = z.object({
  ...sharedFields,
  ownerId: z.string(),
  // The rest of the text fields, the name choices among them, in form order.
  ...textShape<OwnerTextKey>(OWNER_TEXT_KEYS),
  ownerType: z.string(),
  owners: z.array(storedOwnerSchema),
  checkedOwnerInfo: z.boolean(),
  otherRegistries: z.array(storedRegistrySchema),
  sire: storedParentSchema,
  dam: storedParentSchema,
  registrationDocument: fileRefSchema.nullable(),
  performanceDocument: fileRefSchema.nullable(),
  ownerSignature: fileRefSchema.nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMode: z.string().nullable(),
  /** The latest provider payment id (pi_...), for "check payment status"; null if none. */
  paymentIntentId: z.string().nullable(),
  /** Fee lines already paid (keys, domain feeLines): a payment asks only for the rest. */
  feesPaid: z.array(z.string()),
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

/**
 * List and search rows (docs/api.md "HorseSummary"): what a list shows, no pedigree, owners'
 * details or file links. The full record is the horse's own route.
 */
export const publicHorseSummarySchema = z.object({
  _id: z.string(),
  approvedName: z.string().nullable(),
  registrationNum: z.string().nullable(),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  sex: z.string(),
  color: z.string(),
  gaitDesignation: z.string(),
  stateFoaledIn: z.string(),
  foalDate: z.string(),
  sireName: z.string(),
  damName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicHorseSummary = z.infer<typeof publicHorseSummarySchema>;

/** A row of the member's own lists: the public summary plus choices, statuses and payment. */
export const horseSummarySchema = publicHorseSummarySchema.extend({
  firstChoice: z.string(),
  secondChoice: z.string(),
  thirdChoice: z.string(),
  ownerId: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMode: z.string().nullable(),
  /** The latest provider payment id (pi_...), for "check payment status"; null if none. */
  paymentIntentId: z.string().nullable(),
  /** Decides the fee the Pay dialog shows. */
  performanceVerification: z.string(),
  /** Fee lines already paid (keys, domain feeLines): the Pay dialog asks only for the rest. */
  feesPaid: z.array(z.string()),
  rejectionReason: z.string().nullable(),
  /** An edit of the approved record waits for the office (GET members/horses/:id has it). */
  changePending: z.boolean(),
});
export type HorseSummary = z.infer<typeof horseSummarySchema>;
