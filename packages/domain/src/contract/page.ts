import { z } from 'zod';

/** One page of a list answer (docs/api.md "Read, delete, list, search"): the rows and where they stand. */
export function pageSchema<T extends z.ZodType>(item: T) {
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

export interface Page<T> {
  items: T[];
  total: number;
  /** There are more matches than `total` (counted only so far past the page). */
  totalIsEstimate?: boolean;
  page: number;
  pageSize: number;
}
