import { and, asc, desc, eq, is, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  bredByText,
  horseSearchText,
  horses,
  ownerNamesText,
  publicSearchText,
  type ApprovalStatus,
} from '../../db/schema.js';
import {
  assertOffset,
  containsPattern,
  countLimit,
  isShortSearch,
  pageCount,
  prefixPattern,
} from '../../list-paging.js';
import {
  ownSummaryColumns,
  perRowColumns,
  publicSummary,
  summaryColumns,
  toHorseSummary,
  totalOf,
  type OwnSummaryRow,
  type SummaryRow,
} from '../horse-repository/index.js';
import { prepared, type Prepared } from '../../db/prepared.js';

/**
 * The list and search pages: one statement each, answering summary rows (docs/api.md,
 * "HorseSummary") and the total of the whole query on each row. The full record, with its signed
 * file links, comes from the horse's own route when one is opened.
 */

export interface Paging {
  page: number;
  pageSize: number;
}

/**
 * A page statement is built once per database and shape (which filters it has) and then only
 * executed (db/prepared.ts): building drizzle's select anew on every request profiled at about
 * a tenth of an uncached list request. Values go in as placeholders.
 */
type PageStatement<Row> = Prepared<Row>;
const statementFor = <Row>(db: Db, shape: string, build: () => PageStatement<Row>) =>
  prepared(db, `page:${shape}`, build);

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
 * One page of horses in one statement: the page's rows are the first `limit` rows (after
 * `offset`) of the ordered, filtered horses, selected in a subquery; the columns other tables
 * answer (`perRow`, the owner's list) are computed in the outer select for those rows only, and
 * the total is counted up to `countLimit` rows (horse-repository/summaries.ts `totalOf`).
 * The caller's session was checked before (modules/auth/access.ts): no statement reads it.
 */
function pageStatement(
  db: Db,
  columns: Record<string, unknown>,
  where: SQL | undefined,
  order: (sortable: Sortable) => SQL[],
  {
    perRow,
    idsFirst = false,
    countOrder,
  }: { perRow: boolean; idsFirst?: boolean; countOrder?: SQL },
) {
  // `idsFirst`: the page subquery selects ids only, so it can walk an index that covers the
  // filter (an index-only scan of horses_registry_name_idx for a common word of the search)
  // without reading a heap row for every horse it passes; the columns are then read for the
  // page's rows alone, joined by id.
  const page = db
    .select((idsFirst ? { id: horses.id } : named(columns)) as Record<string, AnyPgColumn>)
    .from(horses)
    .where(where)
    .orderBy(...order(horses))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  const source = idsFirst ? (named(columns) as Record<string, AnyPgColumn>) : undefined;
  const fields = Object.fromEntries(
    Object.keys(columns).map((key) => [
      key,
      source ? source[key] : (page as unknown as Record<string, AnyPgColumn>)[key],
    ]),
  ) as Record<string, AnyPgColumn>;
  const selected = {
    ...fields,
    ...(perRow ? perRowColumns(sql`${fields.id}`) : {}),
    total: totalOf(where, sql.placeholder('countLimit'), countOrder),
  };
  const sorted = order((idsFirst ? horses : fields) as unknown as Sortable);
  const pageId = (page as unknown as Record<string, AnyPgColumn>).id!;
  const rows = db.select(selected).from(page);
  return (idsFirst ? rows.innerJoin(horses, eq(horses.id, pageId)) : rows).orderBy(...sorted);
}

/** The columns the pages sort by, of the table or of the page subquery. */
type Sortable = Pick<typeof horses, 'approvedName' | 'registrationNumber' | 'id' | 'createdAt'>;
const newestFirst = (t: Sortable) => [desc(t.createdAt), desc(t.id)];
const byName = (t: Sortable) => [
  sql`${t.approvedName} asc nulls last`,
  asc(t.registrationNumber),
  asc(t.id),
];
/**
 * `byName` as expressions no index holds: the matches are collected (from the trigram index)
 * and sorted, not found by walking the name index (a search's rest of few matches).
 */
const sortedByName = (t: Sortable) => [
  sql`(${t.approvedName} || '') asc nulls last`,
  sql`(${t.registrationNumber} || '') asc nulls last`,
  asc(t.id),
];
/**
 * A name-prefix search's order: the lower-cased approved name (byte order, as its pattern-ops
 * index horses_registry_prefix_idx keeps it), then number and id. Approved horses all have a
 * name, so no nulls to place.
 */
const prefixOrder = (t: Pick<Sortable, 'approvedName'>) => sql`lower(${t.approvedName}) using ~<~`;
const byNamePrefix = (t: Sortable) => [prefixOrder(t), asc(t.registrationNumber), asc(t.id)];

/** A prepared page statement, typed by its rows. */
const asPage = <Row>(statement: { execute(values: Record<string, unknown>): Promise<unknown> }) =>
  statement as PageStatement<Row>;

/**
 * The page's total (`pageCount`): carried by every row; a page past the end has no row, and
 * only then is the count asked for on its own, bounded in the same way.
 */
export async function pageTotal(
  db: Db,
  rows: { total: number }[],
  where: () => SQL | undefined,
  offset: number,
) {
  if (rows[0]) return pageCount(rows[0].total, offset);
  if (offset === 0) return pageCount(0, offset);
  const [row] = await db
    .select({ n: totalOf(where(), countLimit(offset)) })
    .from(sql`(select 1) as one`);
  return pageCount(row?.n ?? 0, offset);
}

/** The values every page statement takes besides its filters. */
function pageValues(query: Paging) {
  const offset = assertOffset(query.page, query.pageSize);
  return { limit: query.pageSize, offset, countLimit: countLimit(offset) };
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
      ? sql`${horseSearchText(horses)} like ${value('pattern', containsPattern(query.q))}`
      : undefined,
  );
}

/**
 * A statement with a search text is unnamed: PostgreSQL plans it for the pattern it is given
 * (a common word walks the order's index, a rare one looks in the trigram index), where a
 * named statement's generic plan, made for no pattern in particular, kept one choice for all
 * (docs/decisions/0088-one-trigram-index-per-search.md). The others are named, parsed and planned
 * once per connection: their index serves every value alike.
 */
const statementName = (shape: string, searched: boolean) =>
  searched ? '' : shape.replace(/\W/g, '_');

/**
 * A member's own horses, newest first. `q` looks at every name the horse has or may get.
 * `ownerId`: the signed-in caller, from the request's checked session.
 */
export async function listOwnHorses(db: Db, ownerId: string, query: OwnListQuery) {
  const values = pageValues(query);
  const shape = `own:${query.approvalStatus ? 'status' : ''}:${query.q ? 'q' : ''}`;
  const statement = statementFor<OwnSummaryRow & { total: number }>(db, shape, () =>
    asPage(
      pageStatement(db, ownSummaryColumns, ownWhere(ownerId, query, placeholder), newestFirst, {
        perRow: true,
      }).prepare(statementName(shape, query.q !== undefined)),
    ),
  );
  const rows = await statement.execute({
    ownerId,
    approvalStatus: query.approvalStatus,
    pattern: query.q ? containsPattern(query.q) : undefined,
    ...values,
  });
  const items = rows.map((row) => toHorseSummary(row));
  const count = await pageTotal(db, rows, () => ownWhere(ownerId, query, literal), values.offset);
  return { items, ...count, page: query.page, pageSize: query.pageSize };
}

export interface SearchQuery extends Paging {
  q?: string;
  color?: string;
  sex?: string;
  gaitDesignation?: string;
  stateFoaledIn?: string;
  /** Contained in a recorded owner's name (the names the verify page shows). */
  owner?: string;
  /** Contained in the breeder as typed (`bredBy`, a public field). */
  breeder?: string;
}

/** The text searches besides `q`, each matched by its own trigram index (db/schema.ts). */
const TEXT_FILTERS = {
  owner: ownerNamesText(horses),
  breeder: bredByText(horses),
} as const;
const TEXT_FILTER_KEYS = Object.keys(TEXT_FILTERS) as Array<keyof typeof TEXT_FILTERS>;

const SEARCH_FILTERS = ['color', 'sex', 'gaitDesignation', 'stateFoaledIn'] as const;

function searchWhere(query: SearchQuery, value: Value) {
  return and(
    eq(horses.approvalStatus, 'approved'),
    query.q
      ? isShortSearch(query.q)
        ? sql`lower(${horses.approvedName}) like ${value('pattern', prefixPattern(query.q))}`
        : sql`${publicSearchText(horses)} like ${value('pattern', containsPattern(query.q))}`
      : undefined,
    ...SEARCH_FILTERS.map((filter) =>
      query[filter] ? eq(horses[filter], value(filter, query[filter])) : undefined,
    ),
    ...TEXT_FILTER_KEYS.map((key) =>
      query[key]
        ? sql`${TEXT_FILTERS[key]} like ${value(key, containsPattern(query[key]))}`
        : undefined,
    ),
  );
}

/**
 * The horses a search `q` finds by a key of derived.horse_name_words (its first word, or its
 * first two words as written: migration 0029): every such horse also containing `q` and passing
 * the filters, unless `q` is that key itself and nothing else filters, when the key's rows are
 * the answer as they stand (a name holding the key contains it).
 */
function wordWhere(query: SearchQuery, value: Value, filtered: boolean) {
  const q = value('q', query.q);
  const check = sql`exists (select 1 from ${horses} where ${horses.id} = w.horse_id and ${searchWhere(query, value)})`;
  return sql`w.key = derived.name_words_key(${q}) and ${
    filtered ? check : sql`((derived.name_words_key(${q}) = lower(${q})) is true or ${check})`
  }`;
}

/** The rest of a search's matches: those not found by its key (`wordWhere`). */
function restWhere(query: SearchQuery, value: Value) {
  return and(
    searchWhere(query, value),
    sql`not exists (select 1 from derived.horse_name_words w where w.key = derived.name_words_key(${value('q', query.q)}) and w.approved_name = ${horses.approvedName} and w.horse_id = ${horses.id})`,
  );
}

/**
 * A search of three characters or more: first the horses whose approved name has `q`'s first
 * word (or first two words) as a whole word, in name order, read from the first rows of one
 * range of derived.horse_name_words; then every other horse containing `q` (within a word, in
 * the number, sire or dam), in name order. The same horses as one name-ordered list, whole-word
 * names first: a word that thousands of names hold costs ten index entries, not a walk of the
 * names until ten match (docs/decisions/0120-member-search-words.md). The count is the key's rows
 * (to the bound) and, only when those stay under it, the rest's.
 */
async function searchByWords(db: Db, query: SearchQuery, filters: string) {
  const { limit, offset, countLimit: bound } = pageValues(query);
  const filtered = filters.includes('1');
  const values = {
    q: query.q,
    pattern: containsPattern(query.q!),
    ...Object.fromEntries(SEARCH_FILTERS.map((filter) => [filter, query[filter]])),
    ...Object.fromEntries(
      TEXT_FILTER_KEYS.map((key) => [key, query[key] ? containsPattern(query[key]) : undefined]),
    ),
  };
  const first = statementFor<SummaryRow & { total: number }>(db, `words:${filters}`, () => {
    const where = wordWhere(query, placeholder, filtered);
    const page = sql`(select w.horse_id as page_id, w.approved_name as page_name, w.registration_number as page_number
      from derived.horse_name_words w where ${where}
      order by w.approved_name, w.registration_number, w.horse_id
      limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) as page`;
    const total = sql<number>`(select count(*) from (select 1 from derived.horse_name_words w where ${where} limit ${sql.placeholder('countLimit')}) as counted)`;
    return asPage(
      db
        .select({ ...named(summaryColumns), total: total.mapWith(Number) })
        .from(page)
        .innerJoin(horses, sql`${horses.id} = page.page_id`)
        .orderBy(sql`page.page_name, page.page_number, page.page_id`)
        .prepare(''),
    );
  });
  const firstRows = await first.execute({ ...values, limit, offset, countLimit: bound });
  let counted = firstRows[0]?.total;
  if (counted === undefined) {
    const [row] = await db
      .select({
        n: sql<number>`(select count(*) from (select 1 from derived.horse_name_words w where ${wordWhere(query, literal, filtered)} limit ${bound}) as counted)`.mapWith(
          Number,
        ),
      })
      .from(sql`(select 1) as one`);
    counted = row?.n ?? 0;
  }
  const items = firstRows.map((row) => publicSummary(row));
  if (counted < bound) {
    // The key's matches end before the bound: the rest follow them, in name order, counted
    // first (to the bound less the key's matches).
    const restBound = bound - counted;
    const restCount = await countRest(db, query, restBound);
    const restOffset = Math.max(0, offset - counted);
    if (items.length < limit && restOffset < restCount) {
      // Fewer than the bound: they are few, collected and sorted (a walk of the name index
      // for a text few horses contain read all of it: 0.7-1.7 s at 1M for none). Else the walk.
      const few = restCount < restBound;
      const shape = `rest:${few ? 'sorted' : 'walk'}:${filters}`;
      const rest = statementFor<SummaryRow & { total: number }>(db, shape, () =>
        asPage(
          pageStatement(
            db,
            summaryColumns,
            restWhere(query, placeholder),
            few ? sortedByName : byName,
            {
              perRow: false,
              idsFirst: true,
            },
          ).prepare(''),
        ),
      );
      // Counted above: the page's own count stops at once.
      const restRows = await rest.execute({
        ...values,
        limit: limit - items.length,
        offset: restOffset,
        countLimit: 0,
      });
      items.push(...restRows.map((row) => publicSummary(row)));
    }
    counted += restCount;
  }
  return { items, ...pageCount(counted, offset), page: query.page, pageSize: query.pageSize };
}

async function countRest(db: Db, query: SearchQuery, bound: number) {
  const [row] = await db
    .select({ n: totalOf(restWhere(query, literal), bound) })
    .from(sql`(select 1) as one`);
  return row?.n ?? 0;
}

/**
 * Approved horses of the whole registry, by name, number, sire or dam, and a few filters.
 */
export async function searchRegistry(db: Db, query: SearchQuery) {
  const values = pageValues(query);
  // Which filters are present, one flag each.
  const filters = [...SEARCH_FILTERS, ...TEXT_FILTER_KEYS]
    .map((filter) => (query[filter] ? '1' : '0'))
    .join('');
  const searched = query.q !== undefined || TEXT_FILTER_KEYS.some((key) => query[key]);
  // One or two characters: approved names starting with them, in the prefix index's order
  // (`isShortSearch`); else the search text contains them, in name order.
  const short = query.q !== undefined && isShortSearch(query.q);
  if (query.q !== undefined && !short) return searchByWords(db, query, filters);
  const shape = `search:${query.q ? (short ? 'prefix' : 'q') : ''}:${filters}`;
  const statement = statementFor<SummaryRow & { total: number }>(db, shape, () =>
    asPage(
      pageStatement(
        db,
        summaryColumns,
        searchWhere(query, placeholder),
        short ? byNamePrefix : byName,
        {
          perRow: false,
          idsFirst: true,
          countOrder: short ? prefixOrder(horses) : undefined,
        },
      ).prepare(statementName(shape, searched)),
    ),
  );
  const rows = await statement.execute({
    pattern: query.q ? (short ? prefixPattern(query.q) : containsPattern(query.q)) : undefined,
    ...Object.fromEntries(SEARCH_FILTERS.map((filter) => [filter, query[filter]])),
    ...Object.fromEntries(
      TEXT_FILTER_KEYS.map((key) => [key, query[key] ? containsPattern(query[key]) : undefined]),
    ),
    ...values,
  });
  const items = rows.map((row) => publicSummary(row));
  const count = await pageTotal(db, rows, () => searchWhere(query, literal), values.offset);
  return { items, ...count, page: query.page, pageSize: query.pageSize };
}
