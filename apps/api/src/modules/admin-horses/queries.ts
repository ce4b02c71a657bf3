import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { horses, users, type ApprovalStatus, type PaymentStatus } from '../../db/schema.js';
import type { ADMIN_HORSE_SORT_FIELDS, AdminHorseSummary, Page } from '@registry/domain';
import { resubmissions } from '../change-requests/resubmission.js';
import { fullName } from '../horse-repository/owners.js';
import { ownSummaryColumns, toHorseSummary, totalOf } from '../horse-repository/summaries.js';

export interface AdminHorseQuery {
  page: number;
  pageSize: number;
  q?: string;
  approvalStatus?: ApprovalStatus;
  paymentStatus?: PaymentStatus;
  ownerId?: string;
  sort: (typeof ADMIN_HORSE_SORT_FIELDS)[number];
  order: 'asc' | 'desc';
}

function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Names, number, sire and dam of the horse, and the owner's name, email and member number. */
function matches(q: string): SQL | undefined {
  const pattern = containsPattern(q);
  const owners = sql`${horses.ownerId} in (select ${users.id} from ${users} where lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) like ${pattern} or lower(${users.email}) like ${pattern} or lower(coalesce(${users.memberNumber}, '')) like ${pattern})`;
  return or(
    ...[
      horses.approvedName,
      horses.firstChoice,
      horses.secondChoice,
      horses.thirdChoice,
      horses.registrationNumber,
      horses.sireName,
      horses.damName,
    ].map((column) => sql`lower(${column}) like ${pattern}`),
    owners,
  );
}

const SORT_COLUMNS = {
  createdAt: sql`${horses.createdAt}`,
  updatedAt: sql`${horses.updatedAt}`,
  name: sql`lower(coalesce(${horses.approvedName}, ${horses.firstChoice}))`,
  registrationNumber: sql`${horses.registrationNumber}`,
  approvalStatus: sql`${horses.approvalStatus}`,
  paymentStatus: sql`${horses.paymentStatus}`,
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
  );
}

/** The Horse List's order (`<column> nulls last`, then id), shared with the CSV export. */
export function adminHorseOrder(query: Pick<AdminHorseQuery, 'sort' | 'order'>) {
  const column = SORT_COLUMNS[query.sort];
  const direction = query.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const tieBreak = query.order === 'asc' ? asc(horses.id) : desc(horses.id);
  return [sql`${column} ${direction}`, tieBreak] as const;
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
  const where = adminHorseFilter(query);
  const rows = await db
    .select({
      ...ownSummaryColumns,
      decidedAt: horses.decidedAt,
      decidedById: horses.decidedById,
      version: horses.version,
      ownerEmail: users.email,
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      ownerMemberNumber: users.memberNumber,
      ownerActive: users.active,
      total: totalOf(where),
    })
    .from(horses)
    .leftJoin(users, eq(users.id, horses.ownerId))
    .where(where)
    .orderBy(...adminHorseOrder(query))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
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
    }),
  );
  const total =
    rows[0]?.total ??
    (query.page === 1
      ? 0
      : ((await db.select({ n: count() }).from(horses).where(where))[0]?.n ?? 0));
  return { items, total, page: query.page, pageSize: query.pageSize };
}
