import { and, asc, desc, eq, is, or, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { UnconfirmedSession } from '../auth/access.js';
import { liveSessionWhere } from '../auth/service.js';
import { horses, sessions, users, type ApprovalStatus } from '../../db/schema.js';
import {
  ownSummaryColumns,
  publicSummary,
  summaryColumns,
  toHorseSummary,
  totalOf,
  type OwnSummaryRow,
  type SummaryRow,
} from '../horse-repository/summaries.js';

/**
 * The list and search pages: one statement each, answering summary rows (docs/api.md,
 * "HorseSummary") and the total of the whole query on each row. The full record, with its signed
 * file links, comes from the horse's own route when one is opened.
 */

export interface Paging {
  page: number;
  pageSize: number;
}

/** `%q%` for LIKE, with the user's own % and _ taken literally. */
function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** lower(column) LIKE '%q%' on each column: the form the trigram indexes serve. */
function likeAny(pattern: unknown, columns: AnyPgColumn[]): SQL | undefined {
  return or(...columns.map((column) => sql`lower(${column}) like ${pattern}`));
}

/**
 * A page statement is built once per database and shape (which filters it has, whether it
 * checks the session) and then only executed: building drizzle's select anew on every request
 * profiled at about a tenth of an uncached list request. Values go in as placeholders.
 */
type PageStatement<Row> = { execute(values: Record<string, unknown>): Promise<Row[]> };
const statements = new WeakMap<Db, Map<string, PageStatement<unknown>>>();

function statementFor<Row>(db: Db, shape: string, build: () => PageStatement<Row>) {
  let byShape = statements.get(db);
  if (!byShape) statements.set(db, (byShape = new Map()));
  let statement = byShape.get(shape) as PageStatement<Row> | undefined;
  if (!statement) byShape.set(shape, (statement = build()));
  return statement;
}

/** A condition's value: a placeholder in a prepared page statement, else the value itself. */
type Value = <T>(name: string, value: T) => T | SQLWrapper;
const placeholder: Value = (name) => sql.placeholder(name);
const literal: Value = (_name, value) => value;

/** SQL-expression columns need a name to be selected from a subquery. */
function named<T extends Record<string, unknown>>(columns: T): T {
  return Object.fromEntries(
    Object.entries(columns).map(([key, column]) => [
      key,
      is(column, SQL) ? column.as(key) : column,
    ]),
  ) as T;
}

/**
 * A page statement that checks the caller's session itself (modules/auth/access.ts, "in-query"): it
 * reads the session's row (sessions joined to users, `liveSessionWhere`) and joins the page to
 * it laterally, so a live session gives at least one row (page columns null when the page is
 * empty) and any other gives none. The total is computed once, the page is sorted again after
 * the join (at most a page of rows).
 */
function sessionPage(
  db: Db,
  columns: Record<string, unknown>,
  where: SQL | undefined,
  order: (sortable: Sortable) => SQL[],
) {
  const page = db
    .select(named(columns) as Record<string, AnyPgColumn>)
    .from(horses)
    .where(where)
    .orderBy(...order(horses))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  const fields = Object.fromEntries(
    Object.keys(columns).map((key) => [key, (page as unknown as Record<string, AnyPgColumn>)[key]]),
  ) as Record<string, AnyPgColumn>;
  return db
    .select({ ...fields, total: totalOf(where) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(page, sql`true`)
    .where(liveSessionWhere())
    .orderBy(...order(fields as unknown as Sortable));
}

/** The columns the pages sort by, of the table or of the page subquery. */
type Sortable = Pick<typeof horses, 'approvedName' | 'registrationNumber' | 'id' | 'createdAt'>;
const newestFirst = (t: Sortable) => [desc(t.createdAt), desc(t.id)];
const byName = (t: Sortable) => [
  sql`${t.approvedName} asc nulls last`,
  asc(t.registrationNumber),
  asc(t.id),
];

/** A session page's rows once the empty page's row of nulls is dropped (`pageRows`). */
const asPage = <Row>(statement: { execute(values: Record<string, unknown>): Promise<unknown> }) =>
  statement as PageStatement<Row>;

/** Runs a page statement; with `session`, the statement's rows confirm the session or refuse. */
async function pageRows<Row extends { total: number; id: string }>(
  statement: PageStatement<Row>,
  values: Record<string, unknown>,
  session: UnconfirmedSession | undefined,
): Promise<Row[]> {
  const rows = await statement.execute({ ...values, ...session?.params });
  if (!session) return rows;
  // No row at all: the session is not live (asked again on its own, to answer 401 or 403).
  if (rows[0]) session.confirm();
  else await session.check();
  // A live session with an empty page: one row, its page columns null.
  return rows.filter((row) => (row.id as string | null) !== null);
}

/**
 * The page's total: carried by every row; a page past the end has no row, and only then is the
 * count asked for on its own.
 */
export async function pageTotal(
  db: Db,
  rows: { total: number }[],
  where: () => SQL | undefined,
  page: number,
) {
  if (rows[0]) return rows[0].total;
  if (page === 1) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(horses)
    .where(where());
  return row?.n ?? 0;
}

export interface OwnListQuery extends Paging {
  approvalStatus?: ApprovalStatus;
  q?: string;
}

function ownWhere(ownerId: string, query: OwnListQuery, value: Value) {
  return and(
    eq(horses.ownerId, value('ownerId', ownerId)),
    query.approvalStatus
      ? eq(horses.approvalStatus, value('approvalStatus', query.approvalStatus))
      : undefined,
    query.q
      ? likeAny(value('pattern', containsPattern(query.q)), [
          horses.approvedName,
          horses.firstChoice,
          horses.secondChoice,
          horses.thirdChoice,
          horses.registrationNumber,
          horses.sireName,
          horses.damName,
        ])
      : undefined,
  );
}

/**
 * A member's own horses, newest first. `q` looks at every name the horse has or may get.
 * With `session`, the same statement checks the caller's session (modules/auth/access.ts).
 */
export async function listOwnHorses(
  db: Db,
  ownerId: string,
  query: OwnListQuery,
  session?: UnconfirmedSession,
) {
  const shape = `own:${query.approvalStatus ? 'status' : ''}:${query.q ? 'q' : ''}:${session ? 'session' : ''}`;
  const statement = statementFor<OwnSummaryRow & { total: number }>(db, shape, () => {
    const where = ownWhere(ownerId, query, placeholder);
    const name = shape.replace(/\W/g, '_');
    // Named: PostgreSQL parses and plans it once per connection (owner_id is an equality).
    if (session)
      return asPage(sessionPage(db, ownSummaryColumns, where, newestFirst).prepare(name));
    return db
      .select({ ...ownSummaryColumns, total: totalOf(where) })
      .from(horses)
      .where(where)
      .orderBy(...newestFirst(horses))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  });
  const rows = await pageRows(
    statement,
    {
      ownerId,
      approvalStatus: query.approvalStatus,
      pattern: query.q ? containsPattern(query.q) : undefined,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    },
    session,
  );
  const items = rows.map((row) => toHorseSummary(row));
  const count = await pageTotal(db, rows, () => ownWhere(ownerId, query, literal), query.page);
  return { items, total: count, page: query.page, pageSize: query.pageSize };
}

export interface SearchQuery extends Paging {
  q?: string;
  color?: string;
  sex?: string;
  gaitDesignation?: string;
  stateFoaledIn?: string;
}

const SEARCH_FILTERS = ['color', 'sex', 'gaitDesignation', 'stateFoaledIn'] as const;
/** pg_trgm's trigrams are three characters long. */
const TRIGRAM = 3;

function searchWhere(query: SearchQuery, value: Value) {
  return and(
    eq(horses.approvalStatus, 'approved'),
    query.q
      ? likeAny(value('pattern', containsPattern(query.q)), [
          horses.approvedName,
          horses.registrationNumber,
          horses.sireName,
          horses.damName,
        ])
      : undefined,
    ...SEARCH_FILTERS.map((filter) =>
      query[filter] ? eq(horses[filter], value(filter, query[filter])) : undefined,
    ),
  );
}

/**
 * Approved horses of the whole registry, by name, number, sire or dam, and a few filters.
 * With `session`, the same statement checks the caller's session (modules/auth/access.ts).
 */
export async function searchRegistry(db: Db, query: SearchQuery, session?: UnconfirmedSession) {
  // Which filters are present, one flag each, and whether the session is checked.
  const filters = SEARCH_FILTERS.map((filter) => (query[filter] ? '1' : '0')).join('');
  // A text of three characters or more always has a trigram for the indexes to look up, so one
  // plan serves every such text: the statement is named, parsed and planned once per
  // connection (planning was about half of PostgreSQL's time per search; docs/decisions.md,
  // "Lean server"). A shorter text has none, and PostgreSQL may rather scan: that statement
  // stays unnamed and is planned for its own pattern each time.
  const text = !query.q ? '' : query.q.length >= TRIGRAM ? 'q' : 'short';
  const shape = `search:${text}:${filters}:${session ? 'session' : ''}`;
  const statement = statementFor<SummaryRow & { total: number }>(db, shape, () => {
    const where = searchWhere(query, placeholder);
    const name = text === 'short' ? '' : shape.replace(/\W/g, '_');
    if (session) return asPage(sessionPage(db, summaryColumns, where, byName).prepare(name));
    return db
      .select({ ...summaryColumns, total: totalOf(where) })
      .from(horses)
      .where(where)
      .orderBy(...byName(horses))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  });
  const rows = await pageRows(
    statement,
    {
      pattern: query.q ? containsPattern(query.q) : undefined,
      ...Object.fromEntries(SEARCH_FILTERS.map((filter) => [filter, query[filter]])),
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    },
    session,
  );
  const items = rows.map((row) => publicSummary(row));
  const count = await pageTotal(db, rows, () => searchWhere(query, literal), query.page);
  return { items, total: count, page: query.page, pageSize: query.pageSize };
}
