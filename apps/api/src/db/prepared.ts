import type { Executor } from './client.js';

/**
 * A statement built once per database (or transaction) and name, then only executed with its
 * values as placeholders. Drizzle builds a query's SQL text anew on every call: on the one-horse
 * read (six statements) that building was about a fifth of the server's CPU (issue 30,
 * benchmarks.md "Routes against bare code doing the same work"). A non-empty `name` also makes
 * it a named PostgreSQL prepared statement, parsed and planned once per connection: only for
 * statements whose index serves every value alike (a key, a horse id), never for a search
 * text, whose generic plan would be made for no pattern in particular
 * (docs/decisions/0088-one-trigram-index-per-search.md). The embedded database ignores names
 * (docs/decisions/0124-prepared-key-statements.md).
 */
export interface Prepared<Row> {
  execute(values?: Record<string, unknown>): Promise<Row[]>;
}

const byDatabase = new WeakMap<Executor, Map<string, Prepared<unknown>>>();

export function prepared<Row>(
  db: Executor,
  name: string,
  build: () => Prepared<Row>,
): Prepared<Row> {
  let byName = byDatabase.get(db);
  if (!byName) byDatabase.set(db, (byName = new Map()));
  let statement = byName.get(name) as Prepared<Row> | undefined;
  if (!statement) byName.set(name, (statement = build()));
  return statement;
}
