import { api, type UploadProgress } from '../../../lib/api-client';
import type { ApprovalStatus, Horse } from '../../../lib/horse-types';

/** The member's horse calls of docs/api.md. */

export interface MyHorsesParams {
  page: number;
  pageSize: number;
  approvalStatus?: ApprovalStatus | '';
  q?: string;
}

export type UploadProgressHandler = (percent: number) => void;

function progressConfig(onProgress?: UploadProgressHandler) {
  if (!onProgress) return {};
  return {
    onUploadProgress: (event: UploadProgress) => {
      if (event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  };
}

/** Empty filters are left out, so the server sees only what was chosen. */
export function myHorsesQuery(params: MyHorsesParams): Record<string, string | number> {
  const query: Record<string, string | number> = { page: params.page, pageSize: params.pageSize };
  if (params.approvalStatus) query.approvalStatus = params.approvalStatus;
  if (params.q?.trim()) query.q = params.q.trim();
  return query;
}

export function registerHorse(body: FormData, onProgress?: UploadProgressHandler) {
  return api.post<Horse>('members/horses/register', body, progressConfig(onProgress));
}

export function updateHorse(id: string, body: FormData, onProgress?: UploadProgressHandler) {
  return api.put<Horse>(
    `members/horses/${encodeURIComponent(id)}`,
    body,
    progressConfig(onProgress),
  );
}

export function deleteHorse(id: string) {
  return api.del<{ id: string }>(`members/horses/${encodeURIComponent(id)}`);
}
