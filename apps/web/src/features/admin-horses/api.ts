import { api } from '../../lib/api-client';
import type {
  AdminHorseSummary,
  AdminHorseWithHistory,
  Member,
  SortState,
} from '../../lib/admin-types';
import type { ApprovalStatus, Page, PaymentStatus } from '../../lib/horse-types';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { queryState, serverApi, type Answer } from '../../stores/server-api';

export type AdminHorseSortField =
  'createdAt' | 'updatedAt' | 'name' | 'registrationNumber' | 'approvalStatus' | 'paymentStatus';

export const HORSES_PAGE_SIZE = 10;

export interface AdminHorseFilters {
  q: string;
  approvalStatus: ApprovalStatus | '';
  paymentStatus: PaymentStatus | '';
  owner: Pick<Member, 'id' | 'name' | 'email'> | null;
  /** Contained in the owner of record's name, email or number, or a recorded owner's name. */
  ownerName: string;
  /** Contained in the breeder as typed (Bred by). */
  breeder: string;
  /** Foals flagged "no breeding report", or linked to a reported breeding ('' any). */
  breeding: AdminHorseBreedingFilter | '';
}

/** The server's `breeding` filter of GET admin/horses (and of its CSV export). */
export type AdminHorseBreedingFilter = 'no-report' | 'linked';

export const EMPTY_HORSE_FILTERS: AdminHorseFilters = {
  q: '',
  approvalStatus: '',
  paymentStatus: '',
  owner: null,
  ownerName: '',
  breeder: '',
  breeding: '',
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
  if (filters.ownerName?.trim()) query.owner = filters.ownerName.trim();
  if (filters.breeder?.trim()) query.breeder = filters.breeder.trim();
  if (filters.breeding) query.breeding = filters.breeding;
  return query;
}

const adminHorsesApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    adminHorses: build.query<Page<AdminHorseSummary>, Record<string, string | number>>({
      query: (params) => ({ url: 'admin/horses', params }),
      providesTags: ['Horse', 'Payment'],
    }),
    adminHorse: build.query<AdminHorseWithHistory, string>({
      query: (id) => `admin/horses/${id}`,
      providesTags: ['Horse', 'Payment'],
    }),
    member: build.query<Member, string>({
      query: (id) => `admin/members/${encodeURIComponent(id)}`,
      providesTags: ['Member'],
    }),
    deleteAdminHorse: build.mutation<Answer<{ id: string }>, string>({
      query: (id) => ({ url: `admin/horses/${id}`, method: 'delete' }),
      invalidatesTags: ['Horse'],
    }),
    transferHorse: build.mutation<Answer<unknown>, TransferRequest>({
      query: ({ horseId, version, newOwnerId, note, ownership = {} }) => ({
        url: 'admin/transfer-horse-ownership',
        method: 'post',
        body: {
          horseId,
          version,
          newOwnerId,
          ...(note.trim() ? { note: note.trim() } : {}),
          ...ownership,
        },
      }),
      invalidatesTags: ['Horse', 'Member'],
    }),
  }),
});

interface TransferRequest {
  horseId: string;
  /** The horse's version the office looked at (docs/api.md "Approvals"). */
  version: number;
  newOwnerId: string;
  note: string;
  ownership?: Record<string, unknown>;
}

/** GET admin/horses: every horse with filters, sorting and paging (list rows; a horse opened is useAdminHorse). */
export function useAdminHorses(
  filters: AdminHorseFilters,
  page: number,
  sort: SortState<AdminHorseSortField>,
) {
  return queryState(adminHorsesApi.useAdminHorsesQuery(adminHorseQuery(filters, page, sort)));
}

/** GET admin/horses/:id: the full registration with its history. */
export function useAdminHorse(id: string | null) {
  return queryState(adminHorsesApi.useAdminHorseQuery(id ?? skipToken), id === null);
}

/** GET admin/members/:id: one member's profile (a transfer's new owner). */
export function useMember(id: string) {
  return queryState(adminHorsesApi.useMemberQuery(id));
}

/** DELETE admin/horses/:id; the lists showing horses ask again. */
export const useDeleteAdminHorse = () => adminHorsesApi.useDeleteAdminHorseMutation()[0];

/** POST admin/transfer-horse-ownership; the lists showing horses and members ask again. */
export const useTransferHorse = () => adminHorsesApi.useTransferHorseMutation()[0];

/** GET admin/members/search: the few members matching a name, email or member number. */
export const searchMembers = (q: string, signal?: AbortSignal) =>
  api
    .get<Page<Member>>('admin/members/search', { q, page: 1, pageSize: 8 }, { signal })
    .then((r) => r.data.items);

export const certificateUrl = (id: string) => `admin/horses/${id}/certificate.pdf`;
