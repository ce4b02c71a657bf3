import type { ReactNode } from 'react';
import type { Page } from '../lib/horse-types';
import { pageOf } from '../lib/paging';
import { useShownAnswer } from '../lib/use-shown-answer';
import type { ApiError } from '../lib/api-client';
import { EmptyState } from './empty-state';
import { LoadError, LoadingBlock } from './load-states';
import { Pager } from './pager';

/** What a list reads from its query (an RTK Query endpoint's `queryState`). */
export interface ListQuery<T> {
  data: T | undefined;
  error: ApiError | undefined;
  loading: boolean;
  /** Asks again: the Try again button. */
  reload: () => void;
}

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
  query: ListQuery<unknown>;
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

/** "1 horse", "2 horses"; with `more` (a total counted only so far), "1,000+ horses". */
export const countOf = (total: number, one: string, many: string, more = false) =>
  more ? `${total.toLocaleString('en-US')}+ ${many}` : `${total} ${total === 1 ? one : many}`;

/** An empty list's title and the line below it. */
export type EmptyWords = readonly [title: string, text: ReactNode];

/** What a paged list says in its states, below it and when it is empty. */
export interface ListWords {
  /** Above Try again when a page could not be loaded. */
  failed: string;
  loading: string;
  /** The total in words: `countOf(total, …)` or the list's own phrase; `more`: "1,000+". */
  count: (total: number, more: boolean) => string;
  /** The pager's name for screen readers. */
  pager: string;
  /** Nothing in the list at all. */
  none: EmptyWords;
  /** Nothing left by the filters (`filtered`); lists without filters leave it out. */
  noMatch?: EmptyWords;
  /** The rows' name in their label, e.g. "Horses" for "Horses, page 2 of 5". */
  rows?: string;
}

/** What the rows of a page are told: a page is loading, and their name for screen readers. */
export interface PageRows {
  busy: boolean;
  label: string;
}

/**
 * One page of a server-paged list with its states (ListStates), an empty state that tells "no
 * rows yet" from "no rows match", and the count and pager below (ListFooter). `children` draws
 * the page's rows; `rows` is for their table or card list.
 */
export function PagedList<T>({
  query,
  paging: { page, setPage, pageSize },
  words,
  filtered = false,
  children,
}: {
  query: ListQuery<Page<T>>;
  /** The page shown, how to turn it, and the page size asked for (the server's answer wins). */
  paging: { page: number; setPage: (page: number) => void; pageSize: number };
  words: ListWords;
  filtered?: boolean;
  children: (items: T[], rows: PageRows) => ReactNode;
}) {
  const shown = useShownAnswer(query);
  const { items, total, totalIsEstimate, pageCount } = pageOf(shown.data, pageSize);
  const [title, text] = (filtered && words.noMatch) || words.none;
  const rows = {
    busy: shown.loading,
    label: `${words.rows ?? 'Rows'}, page ${page} of ${pageCount}`,
  };
  return (
    <>
      <ListStates
        query={shown}
        count={items.length}
        errorLead={words.failed}
        loadingLabel={words.loading}
        empty={<EmptyState title={title}>{text}</EmptyState>}
      >
        {children(items, rows)}
      </ListStates>
      <ListFooter
        total={total}
        summary={words.count(total, totalIsEstimate)}
        page={page}
        pageCount={pageCount}
        onPage={setPage}
        pagerLabel={words.pager}
      />
    </>
  );
}
