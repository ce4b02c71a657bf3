import { api } from '../../lib/api-client';
import type {
  AdminHorse,
  AdminHorseSummary,
  AdminHorseWithHistory,
  ChangeRequest,
} from '../../lib/admin-types';
import type { Page } from '../../lib/horse-types';
import { useApiQuery } from '../../lib/use-api-query';

export const QUEUE_PAGE_SIZE = 10;

/** GET admin/pending-horses: the approval queue, oldest first. */
export function usePendingHorses(page: number, q: string) {
  const query: Record<string, string | number> = { page, pageSize: QUEUE_PAGE_SIZE };
  if (q.trim()) query.q = q.trim();
  return useApiQuery(JSON.stringify(query), (signal) =>
    api.get<Page<AdminHorseSummary>>('admin/pending-horses', query, { signal }).then((r) => r.data),
  );
}

/** GET admin/horses/:id: fresh signed file links and every field, for the review. */
export function useHorseForReview(id: string | null) {
  return useApiQuery(`review:${id ?? ''}`, (signal) =>
    id
      ? api
          .get<AdminHorseWithHistory>(`admin/horses/${id}`, undefined, { signal })
          .then((r) => r.data)
      : Promise.resolve(null),
  );
}

export interface ApproveBody {
  action: 'approve';
  approvedName: string;
  verified?: boolean;
  overrideUnpaid?: boolean;
}

export interface RejectBody {
  action: 'reject';
  reason: string;
}

/** PUT admin/approve-horse/:id: approve (assigns the registration number) or reject. */
export const decideHorse = (id: string, body: ApproveBody | RejectBody) =>
  api.put<AdminHorse>(`admin/approve-horse/${id}`, body);

/** GET admin/change-requests: members' changes to approved records, oldest first. */
export function useChangeRequests(page: number) {
  const query = { status: 'pending', page, pageSize: QUEUE_PAGE_SIZE };
  return useApiQuery(`changes:${page}`, (signal) =>
    api.get<Page<ChangeRequest>>('admin/change-requests', query, { signal }).then((r) => r.data),
  );
}

/** PUT admin/change-requests/:id: approve (applies it to the record) or reject with a reason. */
export const decideChange = (
  id: string,
  body: { action: 'approve' } | { action: 'reject'; reason: string },
) => api.put<ChangeRequest>(`admin/change-requests/${id}`, body);
