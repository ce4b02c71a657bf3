import { and, asc, desc, eq, is, or, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import type { UnconfirmedSession } from '../auth/access.js';
import { liveSessionWhere } from '../auth/service.js';
import {
  horseChangeRequests,
  horses,
  payments,
  sessions,
  users,
  type ApprovalStatus,
  type PaymentStatus,
} from '../../db/schema.js';
import type { HorseSummary, PublicHorseSummary } from '@registry/domain';

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
 * How many rows the whole query matches, carried on each row of the page: an uncorrelated
 * subquery PostgreSQL runs once (an InitPlan). Unlike `count(*) over ()`, it lets the page
 * itself stop after `limit` rows of an index scan (docs/benchmarks.md has the plans).
 */
export const totalOf = (where: SQL | undefined) =>
  sql<number>`(select count(*) from ${horses} where ${where ?? sql`true`})`.mapWith(Number);
const iso = (date: Date) => date.toISOString();

/** What every list row shows: names, number, statuses, parents, dates. */
const outerHorseId = sql`${horses}.${sql.identifier('id')}`;

const summaryColumns = {
  id: horses.id,
  approvedName: horses.approvedName,
  registrationNumber: horses.registrationNumber,
  approvalStatus: horses.approvalStatus,
  sex: horses.sex,
  color: horses.color,
  gaitDesignation: horses.gaitDesignation,
  stateFoaledIn: horses.stateFoaledIn,
  foalDate: horses.foalDate,
  sireName: horses.sireName,
  damName: horses.damName,
  createdAt: horses.createdAt,
  updatedAt: horses.updatedAt,
};

interface SummaryRow {
  id: string;
  approvedName: string | null;
  registrationNumber: string | null;
  approvalStatus: ApprovalStatus;
  sex: string;
  color: string;
  gaitDesignation: string;
  stateFoaledIn: string;
  foalDate: string;
  sireName: string;
  damName: string;
  createdAt: Date;
  updatedAt: Date;
}

function publicSummary(row: SummaryRow): PublicHorseSummary {
  return {
    _id: row.id,
    approvedName: row.approvedName,
    registrationNum: row.registrationNumber,
    approvalStatus: row.approvalStatus,
    sex: row.sex,
    color: row.color,
    gaitDesignation: row.gaitDesignation,
    stateFoaledIn: row.stateFoaledIn,
    foalDate: row.foalDate,
    sireName: row.sireName,
    damName: row.damName,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
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

/** An owner's list row: the summary plus choices, statuses and payment (admin rows build on it). */
export const ownSummaryColumns = {
  ...summaryColumns,
  firstChoice: horses.firstChoice,
  secondChoice: horses.secondChoice,
  thirdChoice: horses.thirdChoice,
  ownerId: horses.ownerId,
  paymentStatus: horses.paymentStatus,
  paymentMode: horses.paymentMode,
  rejectionReason: horses.rejectionReason,
  performanceVerification: sql<string | null>`${horses.details}->>'performanceVerification'`,
  // Both looked up by horse_id through an index (payments_horse_idx, one pending per horse).
  // The outer horse is named with its table: drizzle writes a column of a one-table select
  // unqualified, and inside the subquery a bare "id" would be the subquery table's own id.
  paymentIntentId: sql<string | null>`(
    select ${payments.providerPaymentId} from ${payments}
    where ${payments.horseId} = ${outerHorseId} and ${payments.providerPaymentId} is not null
    order by ${payments.createdAt} desc, ${payments.id} desc limit 1)`,
  changePending: sql<boolean>`exists (
    select 1 from ${horseChangeRequests}
    where ${horseChangeRequests.horseId} = ${outerHorseId}
      and ${horseChangeRequests.status} = 'pending')`,
};

export interface OwnSummaryRow extends SummaryRow {
  firstChoice: string;
  secondChoice: string;
  thirdChoice: string;
  ownerId: string;
  paymentStatus: PaymentStatus;
  paymentMode: string | null;
  rejectionReason: string | null;
  performanceVerification: string | null;
  paymentIntentId: string | null;
  changePending: boolean;
}

export function toHorseSummary(row: OwnSummaryRow): HorseSummary {
  return {
    ...publicSummary(row),
    firstChoice: row.firstChoice,
    secondChoice: row.secondChoice,
    thirdChoice: row.thirdChoice,
    ownerId: row.ownerId,
    paymentStatus: row.paymentStatus,
    paymentMode: row.paymentMode,
    paymentIntentId: row.paymentIntentId,
    performanceVerification: row.performanceVerification ?? '',
    rejectionReason: row.rejectionReason,
    changePending: row.changePending,
  };
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
  const shape = `search:${query.q ? 'q' : ''}:${filters}:${session ? 'session' : ''}`;
  // Unnamed: planned for each pattern, whose selectivity decides between the trigram indexes
  // and a scan (a named statement could settle on one generic plan for all).
  const statement = statementFor<SummaryRow & { total: number }>(db, shape, () => {
    const where = searchWhere(query, placeholder);
    if (session) return asPage(sessionPage(db, summaryColumns, where, byName).prepare(''));
    return db
      .select({ ...summaryColumns, total: totalOf(where) })
      .from(horses)
      .where(where)
      .orderBy(...byName(horses))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('');
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
