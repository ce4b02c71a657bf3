import { api } from '../../lib/api-client';
import { useApiQuery } from '../../lib/use-api-query';

export interface DashboardContent {
  markdown: string;
  /** Sanitized on the server. */
  html: string;
  updatedAt: string | null;
  updatedBy: { id: string; name: string } | null;
}

export function useDashboardContent() {
  return useApiQuery('dashboard-content', (signal) =>
    api.get<DashboardContent>('admin/dashboard/content', undefined, { signal }).then((r) => r.data),
  );
}

export const saveDashboardContent = (markdown: string) =>
  api.put<DashboardContent>('admin/dashboard-content', { markdown });

/** The server renders and sanitizes exactly as for members; nothing is stored. */
export const previewDashboardContent = (markdown: string, signal?: AbortSignal) =>
  api
    .post<{ html: string }>('admin/dashboard-content/preview', { markdown }, { signal })
    .then((r) => r.data.html);
