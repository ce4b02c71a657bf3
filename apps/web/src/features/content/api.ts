import { api } from '../../lib/api-client';
import { queryState, serverApi, type Answer } from '../../stores/server-api';

export interface DashboardContent {
  markdown: string;
  /** Sanitized on the server. */
  html: string;
  updatedAt: string | null;
  updatedBy: { id: string; name: string } | null;
}

const contentApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    dashboardContent: build.query<DashboardContent, void>({
      query: () => 'admin/dashboard/content',
      providesTags: ['Content'],
    }),
    saveDashboardContent: build.mutation<Answer<DashboardContent>, string>({
      query: (markdown) => ({ url: 'admin/dashboard-content', method: 'put', body: { markdown } }),
      invalidatesTags: ['Content'],
    }),
  }),
});

export function useDashboardContent() {
  return queryState(contentApi.useDashboardContentQuery());
}

/** PUT admin/dashboard-content; the stored content is asked again. */
export const useSaveDashboardContent = () => contentApi.useSaveDashboardContentMutation()[0];

/** The server renders and sanitizes exactly as for members; nothing is stored. */
export const previewDashboardContent = (markdown: string, signal?: AbortSignal) =>
  api
    .post<{ html: string }>('admin/dashboard-content/preview', { markdown }, { signal })
    .then((r) => r.data.html);
