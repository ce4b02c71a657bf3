import { z } from 'zod';
import { APPROVAL_STATUSES, PAYMENT_STATUSES } from '../../db/schema.js';

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
  rejectionReason: z.string().nullable(),
  /** An edit of the approved record waits for the office (GET members/horses/:id has it). */
  changePending: z.boolean(),
});
export type HorseSummary = z.infer<typeof horseSummarySchema>;
