import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  bredByText,
  horseSearchText,
  horses,
  memberNameEmailText,
  ownerNamesText,
  users,
  type ApprovalStatus,
  type PaymentStatus,
} from '../../db/schema.js';
import type { ADMIN_HORSE_SORT_FIELDS, AdminHorseSummary, Page } from '@registry/domain';
import { resubmissions } from '../change-requests/index.js';
import {
  assertOffset,
  containsPattern,
  countLimit,
  isShortSearch,
  pageCount,
  prefixPattern,
} from '../../list-paging.js';
import {
  fullName,
  ownSummaryColumns,
  perRowColumns,
  toHorseSummary,
  totalOf,
} from '../horse-repository/index.js';

export interface AdminHorseQuery {
  page: number;
  pageSize: number;
  q?: string;
  approvalStatus?: ApprovalStatus;
  paymentStatus?: PaymentStatus;
  ownerId?: string;
  /** The owner of record (name, email, member number) or a recorded owner's name. */
  owner?: string;
  /** The breeder as typed (`bredBy`). */
  breeder?: string;
  /** Foals from breedings: flagged "no breeding report", or linked to a reported breeding. */
  breeding?: 'no-report' | 'linked';
  sort: (typeof ADMIN_HORSE_SORT_FIELDS)[number];
  order: 'asc' | 'desc';
}

/**
 * Every name, the number, sire and dam of the horse (one trigram index, db/schema.ts
 * `horseSearchText`), and the owner's name, email and member number: the matching owners are
 * found first (their own trigram indexes) and their horses through the owner index, so both
 * halves are index lookups PostgreSQL can OR together.
 */
function matches(q: string): SQL {
  // One or two characters: names starting with them (horses_name_prefix_idx), trigrams
  // needing three (docs/decisions/0112-scale-reads-at-a-million.md).
  if (isShortSearch(q)) return sql`${sortName} like ${prefixPattern(q)}`;
  const pattern = containsPattern(q);
  return sql`(${horseSearchText(horses)} like ${pattern} or ${ownerOfRecord(pattern)})`;
}

/** Horses whose owner of record's name, email or member number contains the pattern. */
const ownerOfRecord = (pattern: string) =>
  sql`${horses.ownerId} = any(array(select ${users.id} from ${users} where ${memberNameEmailText(users)} like ${pattern} or lower(coalesce(${users.memberNumber}, '')) like ${pattern}))`;

/**
 * The Owner field: the owner of record (as `q` finds them) or a recorded owner's name (one
 * trigram index, db/schema.ts `ownerNamesText`): co-owners and owners without an account too.
 */
function ownerMatches(owner: string): SQL {
  const pattern = containsPattern(owner);
  return sql`(${ownerNamesText(horses)} like ${pattern} or ${ownerOfRecord(pattern)})`;
}

/** The name the list sorts by and a short search looks at: the approved name, else the first choice. */
const sortName = sql`lower(coalesce(${horses.approvedName}, ${horses.firstChoice}))`;

/**
 * The sort keys, each served by an index ending in id (db/schema.ts). The statuses sort newest
 * first within a status. Only the registration number can be null: it alone says nulls last.
 */
const SORT_COLUMNS = {
  createdAt: [sql`${horses.createdAt}`],
  updatedAt: [sql`${horses.updatedAt}`],
  name: [sortName],
  registrationNumber: [sql`${horses.registrationNumber}`],
  approvalStatus: [sql`${horses.approvalStatus}`, sql`${horses.createdAt}`],
  paymentStatus: [sql`${horses.paymentStatus}`, sql`${horses.createdAt}`],
} as const;

/** The Horse List's filters and search, shared by the list and its CSV export. */
export function adminHorseFilter(
  query: Omit<AdminHorseQuery, 'page' | 'pageSize' | 'sort' | 'order'>,
) {
  return and(
    query.approvalStatus ? eq(horses.approvalStatus, query.approvalStatus) : undefined,
    query.paymentStatus ? eq(horses.paymentStatus, query.paymentStatus) : undefined,
    query.ownerId ? eq(horses.ownerId, query.ownerId) : undefined,
    query.q ? matches(query.q) : undefined,
    query.owner ? ownerMatches(query.owner) : undefined,
    query.breeder ? sql`${bredByText(horses)} like ${containsPattern(query.breeder)}` : undefined,
    query.breeding === 'no-report' ? eq(horses.noBreedingReport, true) : undefined,
    query.breeding === 'linked' ? isNotNull(horses.breedingMareId) : undefined,
  );
}

/**
 * The bounded count of a search of three characters or more with no other filter. When
 * derived.horse_name_words (decision 0120) holds the bound's number of approved horses having
 * the lower-cased search as a key — a word of the approved name, or two as written, always a
 * part of the name and so of the searched text — at least that many horses match, and the
 * count is the bound without reading the trigram index: a common word ("star": 55,556 matches
 * at 1,000,000 horses, a GIN bitmap of all of them) reads 1,001 entries of one index range.
 * Else (fewer, or no such key) the count is the list's own, unchanged
 * (docs/decisions/0122-members-search-at-scale.md).
 */
function searchTotal(query: AdminHorseQuery, where: SQL | undefined, limit: number): SQL<number> {
  const onlySearched =
    query.q !== undefined &&
    query.q !== '' &&
    !isShortSearch(query.q) &&
    !query.approvalStatus &&
    !query.paymentStatus &&
    !query.ownerId &&
    !query.owner &&
    !query.breeder &&
    !query.breeding;
  if (!onlySearched) return totalOf(where, limit);
  // The text `containsPattern` looks for, before its escapes.
  const key = query.q!.toLowerCase().replace(/[\r\n]/g, ' ');
  return sql<number>`(select case when (select count(*) from (select 1 from derived.horse_name_words w where w.key = ${key} limit ${limit}) as named) >= ${limit} then ${limit}::bigint else ${totalOf(where, limit)} end)`.mapWith(
    Number,
  );
}

/** The Horse List's order (its keys, then id), shared with the CSV export. */
export function adminHorseOrder(query: Pick<AdminHorseQuery, 'sort' | 'order'>) {
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const nulls = query.sort === 'registrationNumber' ? sql` nulls last` : sql``;
  const tieBreak = query.order === 'asc' ? asc(horses.id) : desc(horses.id);
  return [
    ...SORT_COLUMNS[query.sort].map((column) => sql`${column} ${direction}${nulls}`),
    tieBreak,
  ];
}

/**
 * Every horse of the registry, filtered, searched, sorted and paged for the office's lists:
 * summary rows (docs/api.md "AdminHorseSummary") with the owner joined and the total on each
 * row, in one statement; the resubmissions of pending rows in a second only when there are any.
 * The full record, with its signed file links, is `admin/horses/:id`.
 */
export async function listAdminHorses(
  db: Db,
  query: AdminHorseQuery,
): Promise<Page<AdminHorseSummary>> {
  const offset = assertOffset(query.page, query.pageSize);
  const where = adminHorseFilter(query);
  // The page: the first rows of the order's index, narrow columns only; the owner, the columns
  // other tables answer and the resubmissions are looked up for these rows alone.
  const keys = SORT_COLUMNS[query.sort];
  const page = db
    .select({
      ...ownSummaryColumns,
      performanceVerification: ownSummaryColumns.performanceVerification.as('performance'),
      decidedAt: horses.decidedAt,
      decidedById: horses.decidedById,
      version: horses.version,
      noBreedingReport: horses.noBreedingReport,
      breedingLinked: sql<boolean>`${horses.breedingMareId} is not null`.as('breeding_linked'),
      ...Object.fromEntries(keys.map((key, i) => [`sortKey${i}`, key.as(`sort_key_${i}`)])),
    })
    .from(horses)
    .where(where)
    .orderBy(...adminHorseOrder(query))
    .limit(query.pageSize)
    .offset(offset)
    .as('page');
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  const nulls = query.sort === 'registrationNumber' ? sql` nulls last` : sql``;
  const rows = await db
    .select({
      id: page.id,
      approvedName: page.approvedName,
      registrationNumber: page.registrationNumber,
      approvalStatus: page.approvalStatus,
      sex: page.sex,
      color: page.color,
      gaitDesignation: page.gaitDesignation,
      stateFoaledIn: page.stateFoaledIn,
      foalDate: page.foalDate,
      sireName: page.sireName,
      damName: page.damName,
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
      firstChoice: page.firstChoice,
      secondChoice: page.secondChoice,
      thirdChoice: page.thirdChoice,
      ownerId: page.ownerId,
      paymentStatus: page.paymentStatus,
      paymentMode: page.paymentMode,
      rejectionReason: page.rejectionReason,
      performanceVerification: page.performanceVerification,
      ...perRowColumns(sql`${page.id}`),
      decidedAt: page.decidedAt,
      decidedById: page.decidedById,
      version: page.version,
      noBreedingReport: page.noBreedingReport,
      breedingLinked: page.breedingLinked,
      ownerEmail: users.email,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      ownerMemberNumber: users.memberNumber,
      ownerActive: users.active,
      // A name-prefix search counts along its prefix index (see `totalOf`).
      total:
        query.q && isShortSearch(query.q)
          ? totalOf(where, countLimit(offset), sql`${sortName} using ~<~`)
          : searchTotal(query, where, countLimit(offset)),
    })
    .from(page)
    .leftJoin(users, eq(users.id, page.ownerId))
    .orderBy(
      ...keys.map((_, i) => sql`${sql.identifier(`sort_key_${i}`)} ${direction}${nulls}`),
      query.order === 'asc' ? asc(page.id) : desc(page.id),
    );
  const resubmitted = await resubmissions(db, rows);
  // Object.assign rather than a spread: see toHorseSummary.
  const items = rows.map((row): AdminHorseSummary =>
    Object.assign(toHorseSummary(row), {
      version: row.version,
      owner:
        row.ownerEmail === null
          ? null
          : {
              id: row.ownerId,
              email: row.ownerEmail,
              name: fullName({ firstName: row.ownerFirstName, lastName: row.ownerLastName }),
              memberNumber: row.ownerMemberNumber,
              active: row.ownerActive ?? false,
            },
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decidedById: row.decidedById,
      resubmission: resubmitted.get(row.id) ?? null,
      noBreedingReport: row.noBreedingReport,
      breedingLinked: row.breedingLinked,
    }),
  );
  const counted =
    rows[0]?.total ??
    (offset === 0
      ? 0
      : ((
          await db.select({ n: totalOf(where, countLimit(offset)) }).from(sql`(select 1) as one`)
        )[0]?.n ?? 0));
  return { items, ...pageCount(counted, offset), page: query.page, pageSize: query.pageSize };
}
