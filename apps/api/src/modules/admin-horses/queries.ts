import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  horseFiles,
  horses,
  users,
  type ApprovalStatus,
  type HorseFileRow,
  type PaymentStatus,
} from '../../db/schema.js';
import type { ADMIN_HORSE_SORT_FIELDS } from '@registry/domain';
import type { UrlSigner } from '../files/signed-urls.js';
import { pendingChanges } from '../change-requests/pending.js';
import { resubmissions } from '../change-requests/resubmission.js';
import { ownerSummaries } from '../horse-repository/owners.js';
import { toAdminHorse } from './view.js';

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

/** Every horse of the registry, filtered, searched, sorted and paged for the admin lists. */
export async function listAdminHorses(db: Db, signer: UrlSigner, query: AdminHorseQuery) {
  const where = adminHorseFilter(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(horses)
      .where(where)
      .orderBy(...adminHorseOrder(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(horses).where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const fileRows: HorseFileRow[] =
    ids.length === 0
      ? []
      : await db.select().from(horseFiles).where(inArray(horseFiles.horseId, ids));
  const [owners, changes, resubmitted] = await Promise.all([
    ownerSummaries(
      db,
      rows.map((r) => r.ownerId),
    ),
    pendingChanges(db, ids),
    resubmissions(db, rows),
  ]);
  const items = rows.map((row) =>
    toAdminHorse(
      row,
      fileRows.filter((f) => f.horseId === row.id),
      owners.get(row.ownerId),
      signer,
      { pendingChange: changes.get(row.id), resubmission: resubmitted.get(row.id) },
    ),
  );
  return { items, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}
