import { skipToken } from '@reduxjs/toolkit/query/react';
import type {
  AdminHorse,
  AdminHorseSummary,
  AdminHorseWithHistory,
  ChangeRequest,
} from '../../lib/admin-types';
import type { Page } from '../../lib/horse-types';
import { queryState, serverApi, type Answer } from '../../stores/server-api';

export const QUEUE_PAGE_SIZE = 10;

/** Every decision names the version it was made on (docs/api.md "Approvals"). */
export interface ApproveBody {
  action: 'approve';
  version: number;
  approvedName: string;
  verified?: boolean;
  overrideUnpaid?: boolean;
}

export interface RejectBody {
  action: 'reject';
  version: number;
  reason: string;
}

type ChangeDecision = { version: number } & (
  { action: 'approve' } | { action: 'reject'; reason: string }
);

const approvalsApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    pendingHorses: build.query<Page<AdminHorseSummary>, Record<string, string | number>>({
      query: (params) => ({ url: 'admin/pending-horses', params }),
      providesTags: ['Horse'],
    }),
    horseForReview: build.query<AdminHorseWithHistory, string>({
      query: (id) => `admin/horses/${id}`,
      providesTags: ['Horse'],
    }),
    decideHorse: build.mutation<Answer<AdminHorse>, { id: string; body: ApproveBody | RejectBody }>(
      {
        query: ({ id, body }) => ({ url: `admin/approve-horse/${id}`, method: 'put', body }),
        invalidatesTags: ['Horse'],
      },
    ),
    changeRequests: build.query<Page<ChangeRequest>, number>({
      query: (page) => ({
        url: 'admin/change-requests',
        params: { status: 'pending', page, pageSize: QUEUE_PAGE_SIZE },
      }),
      providesTags: ['ChangeRequest'],
    }),
    decideChange: build.mutation<Answer<ChangeRequest>, { id: string; body: ChangeDecision }>({
      query: ({ id, body }) => ({ url: `admin/change-requests/${id}`, method: 'put', body }),
      invalidatesTags: ['ChangeRequest', 'Horse'],
    }),
  }),
});

/** GET admin/pending-horses: the approval queue, oldest first (list rows; the review loads the horse). */
export function usePendingHorses(page: number, q: string, breeding = '') {
  const query: Record<string, string | number> = { page, pageSize: QUEUE_PAGE_SIZE };
  if (q.trim()) query.q = q.trim();
  // Foals flagged "no breeding report", or linked to a reported breeding.
  if (breeding) query.breeding = breeding;
  return queryState(approvalsApi.usePendingHorsesQuery(query));
}

/** GET admin/horses/:id: fresh signed file links and every field, for the review. */
export function useHorseForReview(id: string | null) {
  return queryState(approvalsApi.useHorseForReviewQuery(id ?? skipToken), id === null);
}

/** PUT admin/approve-horse/:id: approve (assigns the registration number) or reject. */
export const useDecideHorse = () => approvalsApi.useDecideHorseMutation()[0];

/** GET admin/change-requests: members' changes to approved records, oldest first. */
export function useChangeRequests(page: number) {
  return queryState(approvalsApi.useChangeRequestsQuery(page));
}

/** PUT admin/change-requests/:id: approve (applies it to the record) or reject with a reason. */
export const useDecideChange = () => approvalsApi.useDecideChangeMutation()[0];
