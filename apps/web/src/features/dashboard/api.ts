import type { MemberDashboard, Statistics } from '@registry/domain';
import { queryState, serverApi } from '../../stores/server-api';

// The answers of GET admin/statistics and members/dashboard/content are the API's own response
// schemas (packages/domain/src/contract/statistics.ts), imported as types only.
export type { MemberDashboard, PaymentRecordStatus, Statistics } from '@registry/domain';

const dashboardApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    // The office's figures count horses, members, payments and pending changes.
    statistics: build.query<Statistics, void>({
      query: () => 'admin/statistics',
      providesTags: ['Horse', 'Member', 'Payment', 'ChangeRequest'],
    }),
    // The member's dashboard: the office's text, their horses' counts and payments to act on.
    memberDashboard: build.query<MemberDashboard, void>({
      query: () => 'members/dashboard/content',
      providesTags: ['Content', 'Horse', 'Payment'],
    }),
  }),
});

/** GET admin/statistics. */
export function useStatistics() {
  return queryState(dashboardApi.useStatisticsQuery());
}

/** GET members/dashboard/content. */
export function useMemberDashboard() {
  return queryState(dashboardApi.useMemberDashboardQuery());
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
