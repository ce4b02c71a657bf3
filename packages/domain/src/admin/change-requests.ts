import { z } from 'zod';
import { REJECTION_REASON_MAX, reviewedVersionSchema } from './horses.js';
import { ADMIN_MESSAGES } from './messages.js';

/**
 * Change requests: a member's edit of an approved horse's record waits for the office
 * (docs/decisions/0031-approved-records-change-through-the-office.md).
 */

export const CHANGE_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/** `PUT admin/change-requests/:id`. */
export const decideChangeRequestSchema = z.object({
  action: z.enum(['approve', 'reject']),
  reason: z
    .string()
    .trim()
    .max(REJECTION_REASON_MAX, ADMIN_MESSAGES.tooLong(REJECTION_REASON_MAX))
    .optional(),
  /** The request's `version` the decision was made on (or `If-Match: "<version>"`). */
  version: reviewedVersionSchema.optional(),
});
export type DecideChangeRequestInput = z.infer<typeof decideChangeRequestSchema>;

export const CHANGE_REQUEST_MESSAGES = {
  notFound: 'Change request not found',
  alreadyDecided: (status: string) => `This change request has already been ${status}.`,
  changedSinceReviewed:
    'The owner changed this request after you opened it. Review what changed and decide again.',
  reasonRequired: 'A reason is required to reject a change',
  approved: 'Change approved: the record now shows it',
  rejected: 'Change rejected: the record stays as approved',
  submitted: 'Change sent to the registry office: the record changes once it is approved',
  resubmitted: 'Corrected registration sent back to the registry office for review',
  filesOnApproved:
    'Documents of an approved horse are changed by the registry office. Please send them to the office.',
} as const;
