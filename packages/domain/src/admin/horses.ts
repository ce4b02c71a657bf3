import { z } from 'zod';
import { ADMIN_MESSAGES } from './messages.js';

export const REJECTION_REASON_MAX = 1000;
export const TRANSFER_NOTE_MAX = 500;
export const DASHBOARD_CONTENT_MAX_BYTES = 20 * 1024;
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
});
export type ApproveHorseInput = z.infer<typeof approveHorseSchema>;

export const transferHorseSchema = z.object({
  horseId: z.uuid({ error: 'Horse id must be a UUID' }),
  newOwnerId: z.uuid({ error: 'Member id must be a UUID' }),
  note: z
    .string()
    .trim()
    .max(TRANSFER_NOTE_MAX, ADMIN_MESSAGES.tooLong(TRANSFER_NOTE_MAX))
    .optional(),
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
