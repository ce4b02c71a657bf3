import { z } from 'zod';
import { APPROVAL_STATUSES, PAYMENT_RECORD_STATUSES, PAYMENT_STATUSES } from './statuses.js';

/** A number for each status of a list (every status present, zero when none). */
export function statusCounts<T extends readonly string[]>(statuses: T) {
  return z.object(
    Object.fromEntries(statuses.map((status) => [status, z.number()])) as Record<
      T[number],
      z.ZodNumber
    >,
  );
}

const amountSchema = z.object({ count: z.number(), cents: z.number() });

/** GET admin/statistics (docs/api.md "Administration"). Months are YYYY-MM, oldest first. */
export const statisticsSchema = z.object({
  members: z.object({ active: z.number(), inactive: z.number(), total: z.number() }),
  horses: statusCounts(APPROVAL_STATUSES).extend({ total: z.number() }),
  horsesByPaymentStatus: statusCounts(PAYMENT_STATUSES),
  payments: z.object(
    Object.fromEntries(PAYMENT_RECORD_STATUSES.map((status) => [status, amountSchema])) as Record<
      (typeof PAYMENT_RECORD_STATUSES)[number],
      typeof amountSchema
    >,
  ),
  revenue: z.object({ thisMonthCents: z.number(), thisYearCents: z.number() }),
  registrationsPerMonth: z.array(z.object({ month: z.string(), count: z.number() })),
  revenuePerMonth: z.array(z.object({ month: z.string(), cents: z.number() })),
  byMethod: z.object({ card: amountSchema, bank: amountSchema, other: amountSchema }),
});
export type Statistics = z.infer<typeof statisticsSchema>;

/** The dashboard text the office writes (GET admin/dashboard/content). */
export const contentSchema = z.object({
  markdown: z.string(),
  /** Sanitized HTML, safe to insert as is. */
  html: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type Content = z.infer<typeof contentSchema>;

/** GET members/dashboard/content: the content, the member's horses' counts, payments to act on. */
export const memberDashboardSchema = contentSchema.extend({
  horses: z.object({
    byApprovalStatus: statusCounts(APPROVAL_STATUSES),
    byPaymentStatus: statusCounts(PAYMENT_STATUSES),
    total: z.number(),
  }),
  paymentsNeedingAction: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      approvalStatus: z.enum(APPROVAL_STATUSES),
      paymentStatus: z.enum(PAYMENT_STATUSES),
      /** Where to approve a payment that requires action (latest attempt), if any. */
      actionUrl: z.string().nullable(),
    }),
  ),
});
export type MemberDashboard = z.infer<typeof memberDashboardSchema>;
