import { HttpError } from './http-error.js';

/*
 * The paging and search patterns every numbered list of the API shares: the horse lists and
 * search, the members, the payments ledger, the breeding reports
 * (docs/decisions/0087-indexes-and-bounded-counts-for-large-registers.md, 0108).
 */

/**
 * How far a list counts its matches past the start of the page: beyond it, the total is said to
 * be at least that ("1,000+", `totalIsEstimate`). Counting every match cost a scan of the whole
 * register on each page (docs/decisions/0087-indexes-and-bounded-counts-for-large-registers.md).
 */
export const COUNT_AHEAD = 1000;
/** The deepest row a numbered page may start at: deeper pages cost their offset in rows. */
export const MAX_OFFSET = 10_000;

/** A numbered page's first row; 400 past `MAX_OFFSET` (docs/api.md "Lists and counts"). */
export function assertOffset(page: number, pageSize: number): number {
  const offset = (page - 1) * pageSize;
  if (offset > MAX_OFFSET) {
    throw new HttpError(
      400,
      `Pages are served up to row ${MAX_OFFSET.toLocaleString('en-US')}: search, filter or reverse the order to reach the rest`,
    );
  }
  return offset;
}

/** The bound of a page's count (`totalOf` of the horse lists) for a page starting at `offset`. */
export const countLimit = (offset: number) => offset + COUNT_AHEAD + 1;

/** A page's total as answered: exact below the bound, else the bound and `totalIsEstimate`. */
export function pageCount(counted: number, offset: number) {
  const bound = countLimit(offset) - 1;
  return counted > bound
    ? { total: bound, totalIsEstimate: true }
    : { total: counted, totalIsEstimate: false };
}

/**
 * `%q%` for LIKE, with the user's own % and _ taken literally. A line break becomes a space: the
 * searched texts keep one field per line (db/schema.ts `horseSearchText`), and a search must
 * not match across two fields.
 */
export function containsPattern(q: string): string {
  return `%${q
    .toLowerCase()
    .replace(/[\r\n]/g, ' ')
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Searches shorter than this are name prefixes (`prefixPattern`): trigrams need three
 * characters, and a contains-search of one or two would read every row
 * (docs/decisions/0112-scale-reads-at-a-million.md).
 */
export const SHORT_SEARCH = 3;
export const isShortSearch = (q: string) => [...q.trim()].length < SHORT_SEARCH;

/** `q%` for LIKE: names starting with `q`, case-insensitive, % and _ taken literally. */
export function prefixPattern(q: string): string {
  return `${q
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
