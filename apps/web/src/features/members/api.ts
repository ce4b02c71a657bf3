import type { BulkCredentialsResult, MemberInput } from '@registry/domain';
import { api } from '../../lib/api-client';
import type { Member, SortState } from '../../lib/admin-types';
import type { Page } from '../../lib/horse-types';
import { useApiQuery } from '../../lib/use-api-query';

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

/** GET admin/members: server-side search (name, email, member number, city), sort and paging. */
export function useMemberList(params: MemberListParams) {
  const query = memberListQuery(params);
  return useApiQuery(JSON.stringify(query), (signal) =>
    api.get<Page<Member>>('admin/members', query, { signal }).then((r) => r.data),
  );
}

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

export const saveMember = (id: string | null, body: MemberInput) =>
  id ? api.put<Member>(`admin/members/${id}`, body) : api.post<Member>('admin/members', body);

export const deleteMember = (id: string) => api.del<{ id: string }>(`admin/members/${id}`);

/** The call is chosen by the member's current state (spec §4). */
export const setMemberActive = (member: Pick<Member, 'id' | 'active'>) =>
  api.put<Member>(`admin/member/${member.id}/${member.active ? 'deactivate' : 'activate'}`);

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
