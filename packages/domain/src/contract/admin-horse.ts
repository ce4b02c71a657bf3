import { z } from 'zod';
import { fieldChangeSchema, horseSchema } from './horse.js';

/** Who owns or asked for something, as the office's answers name them (docs/api.md "Administration"). */
export const ownerSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  memberNumber: z.string().nullable(),
  active: z.boolean(),
});
export type OwnerSummary = z.infer<typeof ownerSummarySchema>;

/** The administrator's view of a horse: the owner's full view plus who owns it and the decision. */
export const adminHorseSchema = horseSchema.extend({
  owner: ownerSummarySchema.nullable(),
  decidedAt: z.string().nullable(),
  decidedById: z.string().nullable(),
  /** Set while a corrected rejected registration waits again: the reason it was rejected for. */
  resubmission: z
    .object({ at: z.string(), previousReason: z.string(), changes: z.array(fieldChangeSchema) })
    .nullable(),
});
export type AdminHorse = z.infer<typeof adminHorseSchema>;
