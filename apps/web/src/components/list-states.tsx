import type { ReactNode } from 'react';
import type { ApiQuery } from '../lib/use-api-query';
import { LoadError, LoadingBlock } from './load-states';
import { Pager } from './pager';

/**
 * What a paged list shows in each state: a failed load (with Try again), a spinner until the
 * first page arrives, `empty` when there are no rows, else the rows (`children`). The last
 * page stays in view while the next one loads.
 */
export function ListStates({
  query: { data, error, loading, reload },
  count,
  errorLead,
  loadingLabel,
  empty,
  children,
}: {
  query: ApiQuery<unknown>;
  /** Rows on this page. */
  count: number;
  errorLead: string;
  loadingLabel: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  let body: ReactNode = null;
  if (loading && data === undefined) body = <LoadingBlock label={loadingLabel} />;
  else if (count > 0) body = children;
  else if (!error) body = empty;
  return (
    <>
      <LoadError lead={errorLead} error={error} loading={loading} onRetry={reload} />
      {body}
    </>
  );
}

/** Below a list: how many rows there are in all, and the pages. Hidden for an empty list. */
export function ListFooter({
  total,
  summary,
  page,
  pageCount,
  onPage,
  pagerLabel,
}: {
  total: number;
  /** The total in words, e.g. "3 horses". */
  summary: string;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  pagerLabel: string;
}) {
  if (total <= 0) return null;
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
      <span className="text-body-secondary small">{summary}</span>
      <Pager page={page} pageCount={pageCount} onChange={onPage} label={pagerLabel} />
    </div>
  );
}

/** "1 horse", "2 horses". */
export const countOf = (total: number, one: string, many: string) =>
  `${total} ${total === 1 ? one : many}`;
