import type { BulkCredentialsResult, MemberInput } from '@registry/domain';
import { api } from '../../lib/api-client';
import type { Member, SortState } from '../../lib/admin-types';
import type { Page } from '../../lib/horse-types';
import { queryState, serverApi, type Answer } from '../../stores/server-api';

export type MemberSortField = 'name' | 'email' | 'memberNumber' | 'city' | 'createdAt';
export const MEMBERS_PAGE_SIZE = 10;

export interface MemberListParams {
  q: string;
  page: number;
  sort: SortState<MemberSortField>;
}

/** Only a search in use is sent; paging and sorting always. */
export function memberListQuery({ q, page, sort }: MemberListParams) {
  const query: Record<string, string | number> = {
    page,
    pageSize: MEMBERS_PAGE_SIZE,
    sort: sort.field,
    order: sort.order,
  };
  if (q.trim()) query.q = q.trim();
  return query;
}

const membersApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    memberList: build.query<Page<Member>, Record<string, string | number>>({
      query: (params) => ({ url: 'admin/members', params }),
      providesTags: ['Member'],
    }),
    saveMember: build.mutation<Answer<Member>, { id: string | null; body: MemberInput }>({
      query: ({ id, body }) =>
        id
          ? { url: `admin/members/${id}`, method: 'put', body }
          : { url: 'admin/members', method: 'post', body },
      invalidatesTags: ['Member'],
    }),
    deleteMember: build.mutation<Answer<{ id: string }>, string>({
      query: (id) => ({ url: `admin/members/${id}`, method: 'delete' }),
      invalidatesTags: ['Member', 'Horse'],
    }),
    /** The call is chosen by the member's current state (spec §4). */
    setMemberActive: build.mutation<Answer<Member>, Pick<Member, 'id' | 'active'>>({
      query: (member) => ({
        url: `admin/member/${member.id}/${member.active ? 'deactivate' : 'activate'}`,
        method: 'put',
      }),
      invalidatesTags: ['Member'],
    }),
  }),
});

/** GET admin/members: server-side search (name, email, member number, city), sort and paging. */
export function useMemberList(params: MemberListParams) {
  return queryState(membersApi.useMemberListQuery(memberListQuery(params)));
}

/** PUT admin/members/:id or POST admin/members; the member lists ask again. */
export const useSaveMember = () => membersApi.useSaveMemberMutation()[0];
export const useDeleteMember = () => membersApi.useDeleteMemberMutation()[0];
export const useSetMemberActive = () => membersApi.useSetMemberActiveMutation()[0];

/** After an import: the member lists ask again. */
export const membersChanged = () => serverApi.util.invalidateTags(['Member']);

/** The form's values as the API takes them: empty optional fields become null. */
export type MemberFormValues = Record<keyof MemberInput, string>;

export const EMPTY_MEMBER: MemberFormValues = {
  email: '',
  memberNumber: '',
  firstName: '',
  lastName: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zip: '',
};

export function memberToForm(member: Member): MemberFormValues {
  return {
    email: member.email,
    memberNumber: member.memberNumber ?? '',
    firstName: member.firstName ?? '',
    lastName: member.lastName ?? '',
    phone: member.phone ?? '',
    address: member.address ?? '',
    city: member.city ?? '',
    state: member.state ?? '',
    zip: member.zip ?? '',
  };
}

export const sendCredentials = (id: string) =>
  api.post<{ expiresAt: string }>(`admin/send-membercredentials/${id}`);

/** POST admin/members/send-credentials: one batch of at most BULK_CREDENTIALS_MAX ids. */
export const sendCredentialsToMany = (memberIds: string[]) =>
  api.post<BulkCredentialsResult>('admin/members/send-credentials', { memberIds });

export interface ImportRow {
  row: number;
  values: Record<string, string>;
  errors: Record<string, string>;
}

export interface ImportReport {
  mode: 'preview' | 'commit';
  totalRows: number;
  errorRows: number;
  imported: number;
  /** The new members' ids (commit only). */
  importedIds?: string[];
  rows: ImportRow[];
}

export function importMembers(file: File, mode: 'preview' | 'commit') {
  const form = new FormData();
  form.append('file', file);
  return api.post<ImportReport>(`admin/members/import?mode=${mode}`, form);
}
