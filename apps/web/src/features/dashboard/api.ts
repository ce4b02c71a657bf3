import { api } from '../../lib/api-client';
import type { ApprovalStatus, PaymentStatus } from '../../lib/horse-types';
import { useApiQuery } from '../../lib/use-api-query';

interface Amount {
  count: number;
  cents: number;
}

export type PaymentRecordStatus =
  'requires_action' | 'processing' | 'succeeded' | 'failed' | 'canceled';

/** GET admin/statistics (docs/api.md "Administration"). */
export interface Statistics {
  members: { active: number; inactive: number; total: number };
  horses: Record<ApprovalStatus, number> & { total: number };
  horsesByPaymentStatus: Record<PaymentStatus, number>;
  payments: Record<PaymentRecordStatus, Amount>;
  revenue: { thisMonthCents: number; thisYearCents: number };
  /** Oldest first, month as YYYY-MM. */
  registrationsPerMonth: { month: string; count: number }[];
  revenuePerMonth: { month: string; cents: number }[];
  byMethod: { card: Amount; bank: Amount; other: Amount };
}

export function useStatistics() {
  return useApiQuery('statistics', (signal) =>
    api.get<Statistics>('admin/statistics', undefined, { signal }).then((r) => r.data),
  );
}

/** GET members/dashboard/content: the member's dashboard. */
export interface MemberDashboard {
  markdown: string;
  /** Sanitized on the server; safe to insert as is. */
  html: string;
  updatedAt: string | null;
  horses: {
    byApprovalStatus: Record<ApprovalStatus, number>;
    byPaymentStatus: Record<PaymentStatus, number>;
    total: number;
  };
  paymentsNeedingAction: {
    _id: string;
    name: string;
    approvalStatus: ApprovalStatus;
    paymentStatus: PaymentStatus;
    actionUrl: string | null;
  }[];
}

export function useMemberDashboard() {
  return useApiQuery('member-dashboard', (signal) =>
    api
      .get<MemberDashboard>('members/dashboard/content', undefined, { signal })
      .then((r) => r.data),
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "2026-03" -> { label: "Mar", long: "March 2026" }; anything else passes through. */
export function monthLabels(month: string): { label: string; long: string } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const index = match ? Number(match[2]) - 1 : -1;
  if (!match || index < 0 || index > 11) return { label: month, long: month };
  return { label: MONTHS[index]!, long: `${LONG_MONTHS[index]} ${match[1]}` };
}
