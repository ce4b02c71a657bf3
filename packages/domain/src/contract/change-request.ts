import { z } from 'zod';
import { CHANGE_REQUEST_STATUSES } from '../admin/change-requests.js';
import { ownerSummarySchema } from './admin-horse.js';
import { fieldChangeSchema } from './horse.js';
import { actorSchema } from './member.js';

/** A member's change to an approved record, decided in the approval queue (docs/api.md). */
export const changeRequestSchema = z.object({
  id: z.string(),
  horseId: z.string(),
  horseName: z.string(),
  registrationNumber: z.string().nullable(),
  owner: ownerSummarySchema.nullable(),
  requestedBy: ownerSummarySchema.nullable(),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  changes: z.array(fieldChangeSchema),
  /** Raised each time the owner replaces the request; the decision names it. */
  version: z.number().int(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

export const HISTORY_TYPES = [
  'submitted',
  'edited',
  'paid',
  'payment',
  'approved',
  'rejected',
  'transferred',
  'resubmitted',
  'change-requested',
  'change-approved',
  'change-rejected',
  'other',
] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

/** One step of a horse's history in the office's horse view. */
export const historyEntrySchema = z.object({
  at: z.string(),
  type: z.enum(HISTORY_TYPES),
  /** The audit action or `payment.<status>`. */
  action: z.string(),
  by: actorSchema.nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
