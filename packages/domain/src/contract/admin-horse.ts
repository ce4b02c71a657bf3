import { z } from 'zod';
import { fieldChangeSchema, horseSchema, horseSummarySchema } from './horse.js';

/** Who owns or asked for something, as the office's answers name them (docs/api.md "Administration"). */
export const ownerSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  memberNumber: z.string().nullable(),
  active: z.boolean(),
});
export type OwnerSummary = z.infer<typeof ownerSummarySchema>;

const officeFields = {
  /**
   * The revision the office is looking at: a decision (approve, reject, transfer) names it and
   * is refused with 409 once the horse has changed since (docs/api.md "Approvals").
   */
  version: z.number().int(),
  owner: ownerSummarySchema.nullable(),
  decidedAt: z.string().nullable(),
  decidedById: z.string().nullable(),
  /** Set while a corrected rejected registration waits again: the reason it was rejected for. */
  resubmission: z
    .object({ at: z.string(), previousReason: z.string(), changes: z.array(fieldChangeSchema) })
    .nullable(),
};

/** The administrator's view of a horse: the owner's full view plus who owns it and the decision. */
export const adminHorseSchema = horseSchema.extend(officeFields);
export type AdminHorse = z.infer<typeof adminHorseSchema>;

/**
 * A row of the office's lists (`admin/horses`, `admin/pending-horses`; docs/api.md
 * "AdminHorseSummary"): the member's list row plus owner, decision and resubmission, no
 * pedigree, owners of record or file links. `admin/horses/:id` has the full record.
 */
export const adminHorseSummarySchema = horseSummarySchema.extend({
  ...officeFields,
  /**
   * Foals from breedings (docs/api.md "Breeding reports"): no stallion report names its sire
   * and dam in time (server-decided), or it is linked to a reported breeding.
   */
  noBreedingReport: z.boolean().optional(),
  breedingLinked: z.boolean().optional(),
});
export type AdminHorseSummary = z.infer<typeof adminHorseSummarySchema>;
