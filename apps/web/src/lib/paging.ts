import type { Page } from './horse-types';

/**
 * The rows, the total and the number of pages of one page of a list, empty before it loads.
 * A total the server only counted so far (`totalIsEstimate`, "1,000+") gets one page more, so
 * the pager always reaches on; the count grows as the pages go deeper (docs/api.md).
 */
export function pageOf<T>(data: Page<T> | undefined, defaultPageSize: number) {
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  const totalIsEstimate = data?.totalIsEstimate ?? false;
  // The server's page size wins: it may cap what was asked for.
  const pages = Math.ceil(total / (data?.pageSize || defaultPageSize));
  const pageCount = Math.max(1, pages + (totalIsEstimate ? 1 : 0));
  return { items, total, totalIsEstimate, pageCount };
}
