import type { Page } from './horse-types';

/** The rows, the total and the number of pages of one page of a list, empty before it loads. */
export function pageOf<T>(data: Page<T> | undefined, defaultPageSize: number) {
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  // The server's page size wins: it may cap what was asked for.
  const pageCount = Math.max(1, Math.ceil(total / (data?.pageSize || defaultPageSize)));
  return { items, total, pageCount };
}
