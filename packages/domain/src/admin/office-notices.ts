import { z } from 'zod';

/**
 * How an office staff member hears of new work (docs/api.md "Office notices"): a mail for each
 * new registration, resubmission, change request or failed payment; one daily digest; or none.
 */
export const OFFICE_NOTICE_CHOICES = ['immediate', 'digest', 'off'] as const;
export type OfficeNoticeChoice = (typeof OFFICE_NOTICE_CHOICES)[number];

export const officeNoticeChoiceSchema = z.object({
  officeNotices: z.enum(OFFICE_NOTICE_CHOICES, {
    error: 'Choose immediate, digest or off',
  }),
});

/** What waits for the office, as the menu counts it. */
export const waitingWorkSchema = z.object({
  registrations: z.number().int(),
  changeRequests: z.number().int(),
  failedPayments: z.number().int(),
  /** Member transfers signed by both and paid, waiting for the office (issue 31 item 1). */
  memberTransfers: z.number().int(),
});
export type WaitingWork = z.infer<typeof waitingWorkSchema>;

/** Counts above this are shown as "99+": the menu needs no exact number of a long queue. */
export const WAITING_WORK_CAP = 99;
