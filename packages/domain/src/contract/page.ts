import { z } from 'zod';

function buildPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number(),
    /**
     * The horse lists count their matches only so far past the page (docs/api.md "Lists and
     * counts"): true when there are more than `total`, shown as "1,000+".
     */
    totalIsEstimate: z.boolean().optional(),
    page: z.number(),
    pageSize: z.number(),
  });
}

/**
 * One schema per item schema: every route listing the same rows answers the same page schema,
 * so the OpenAPI document names that page once (components/schemas) instead of inlining it.
 */
const pages = new WeakMap<z.ZodType, ReturnType<typeof buildPageSchema>>();

/** One page of a list answer (docs/api.md "Read, delete, list, search"): the rows and where they stand. */
export function pageSchema<T extends z.ZodType>(item: T): ReturnType<typeof buildPageSchema<T>> {
  let page = pages.get(item);
  if (!page) {
    page = buildPageSchema(item);
    pages.set(item, page);
  }
  return page as ReturnType<typeof buildPageSchema<T>>;
}

export interface Page<T> {
  items: T[];
  total: number;
  /** There are more matches than `total` (counted only so far past the page). */
  totalIsEstimate?: boolean;
  page: number;
  pageSize: number;
}
