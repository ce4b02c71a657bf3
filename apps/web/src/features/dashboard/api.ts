import { api } from '../../lib/api-client';
import type { MemberDashboard, Statistics } from '@registry/domain';
import { useApiQuery } from '../../lib/use-api-query';

// The answers of GET admin/statistics and members/dashboard/content are the API's own response
// schemas (packages/domain/src/contract/statistics.ts), imported as types only.
export type { MemberDashboard, PaymentRecordStatus, Statistics } from '@registry/domain';

export function useStatistics() {
  return useApiQuery('statistics', (signal) =>
    api.get<Statistics>('admin/statistics', undefined, { signal }).then((r) => r.data),
  );
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
