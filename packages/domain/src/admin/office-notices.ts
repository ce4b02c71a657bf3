import { z } from 'zod';
import { staffMay, type StaffArea, type StaffRole } from './staff-roles.js';

/**
 * How an office staff member hears of new work (docs/api.md "Office notices"): a mail for each
 * new registration, resubmission, change request, member transfer waiting for the office,
 * breeding report, failed payment, failed refund or dispute; one daily digest; or none.
 * Which of these a staff member receives follows their role (OFFICE_NOTICE_AREAS below).
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

/**
 * The kinds of office notice, each the work of one office area: a notice goes only to the roles
 * that may act on it (STAFF_AREA_ROLES), so read-only staff get none and a treasurer is not mailed
 * about registrations (issue 29). The API mails by this table and the dashboard's Office notices
 * card names what the signed-in role receives from it.
 */
export const OFFICE_NOTICE_AREAS = {
  registration: 'approvals',
  resubmission: 'approvals',
  changeRequest: 'approvals',
  memberTransfer: 'transfers',
  breedingReport: 'approvals',
  failedPayment: 'payments',
  refundFailed: 'payments',
  dispute: 'payments',
} as const satisfies Record<string, StaffArea>;
export type OfficeNoticeKind = keyof typeof OFFICE_NOTICE_AREAS;

/** Each kind as the notices card lists it ("You receive notices of …"). */
export const OFFICE_NOTICE_LABELS: Record<OfficeNoticeKind, string> = {
  registration: 'new registrations',
  resubmission: 'resubmissions',
  changeRequest: 'change requests',
  memberTransfer: 'member transfers',
  breedingReport: 'breeding reports',
  failedPayment: 'failed payments',
  refundFailed: 'failed refunds',
  dispute: 'card disputes',
};

/** Whether a staff role receives notices of this kind (no role: none, failing closed). */
export function receivesOfficeNotice(
  role: StaffRole | null | undefined,
  kind: OfficeNoticeKind,
): boolean {
  return staffMay(role, OFFICE_NOTICE_AREAS[kind]);
}

/** The kinds of notice a role receives, in the table's order. */
export function officeNoticeKindsFor(role: StaffRole | null | undefined): OfficeNoticeKind[] {
  return (Object.keys(OFFICE_NOTICE_AREAS) as OfficeNoticeKind[]).filter((kind) =>
    receivesOfficeNotice(role, kind),
  );
}
