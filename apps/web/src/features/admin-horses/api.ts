import { api } from '../../lib/api-client';
import type {
  AdminHorseSummary,
  AdminHorseWithHistory,
  Member,
  SortState,
} from '../../lib/admin-types';
import type { ApprovalStatus, Page, PaymentStatus } from '../../lib/horse-types';
import { useApiQuery } from '../../lib/use-api-query';

export type AdminHorseSortField =
  'createdAt' | 'updatedAt' | 'name' | 'registrationNumber' | 'approvalStatus' | 'paymentStatus';

export const HORSES_PAGE_SIZE = 10;

export interface AdminHorseFilters {
  q: string;
  approvalStatus: ApprovalStatus | '';
  paymentStatus: PaymentStatus | '';
  owner: Pick<Member, 'id' | 'name' | 'email'> | null;
}

export const EMPTY_HORSE_FILTERS: AdminHorseFilters = {
  q: '',
  approvalStatus: '',
  paymentStatus: '',
  owner: null,
};

/** Only the filters in use are sent; paging and sorting always. */
export function adminHorseQuery(
  filters: AdminHorseFilters,
  page: number,
  sort: SortState<AdminHorseSortField>,
) {
  const query: Record<string, string | number> = {
    page,
    pageSize: HORSES_PAGE_SIZE,
    sort: sort.field,
    order: sort.order,
  };
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.approvalStatus) query.approvalStatus = filters.approvalStatus;
  if (filters.paymentStatus) query.paymentStatus = filters.paymentStatus;
  if (filters.owner) query.ownerId = filters.owner.id;
  return query;
}

/** GET admin/horses: every horse with filters, sorting and paging. */
export function useAdminHorses(
  filters: AdminHorseFilters,
  page: number,
  sort: SortState<AdminHorseSortField>,
) {
  const query = adminHorseQuery(filters, page, sort);
  return useApiQuery(JSON.stringify(query), (signal) =>
    api.get<Page<AdminHorseSummary>>('admin/horses', query, { signal }).then((r) => r.data),
  );
}

/** GET admin/horses/:id: the full registration with its history. */
export function useAdminHorse(id: string | null) {
  return useApiQuery(`horse:${id ?? ''}`, (signal) =>
    id
      ? api
          .get<AdminHorseWithHistory>(`admin/horses/${id}`, undefined, { signal })
          .then((r) => r.data)
      : Promise.resolve(null),
  );
}

export const deleteAdminHorse = (id: string) => api.del<{ id: string }>(`admin/horses/${id}`);

/** GET admin/members/search: the few members matching a name, email or member number. */
export const searchMembers = (q: string, signal?: AbortSignal) =>
  api
    .get<Page<Member>>('admin/members/search', { q, page: 1, pageSize: 8 }, { signal })
    .then((r) => r.data.items);

export const transferHorse = (
  horseId: string,
  newOwnerId: string,
  note: string,
  ownership: Record<string, unknown> = {},
) =>
  api.post<unknown>('admin/transfer-horse-ownership', {
    horseId,
    newOwnerId,
    ...(note.trim() ? { note: note.trim() } : {}),
    ...ownership,
  });

export const certificateUrl = (id: string) => `admin/horses/${id}/certificate.pdf`;
