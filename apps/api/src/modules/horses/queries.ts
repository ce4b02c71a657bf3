import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import {
  horseChangeRequests,
  horses,
  payments,
  type ApprovalStatus,
  type PaymentStatus,
} from '../../db/schema.js';
import type { HorseSummary, PublicHorseSummary } from './summary-schemas.js';

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
export function matchesAny(q: string, columns: AnyPgColumn[]): SQL | undefined {
  const pattern = containsPattern(q);
  return or(...columns.map((column) => sql`lower(${column}) like ${pattern}`));
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
  where: SQL | undefined,
  page: number,
) {
  if (rows[0]) return rows[0].total;
  if (page === 1) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(horses)
    .where(where);
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

/** A member's own horses, newest first. `q` looks at every name the horse has or may get. */
export async function listOwnHorses(db: Db, ownerId: string, query: OwnListQuery) {
  const where = and(
    eq(horses.ownerId, ownerId),
    query.approvalStatus ? eq(horses.approvalStatus, query.approvalStatus) : undefined,
    query.q
      ? matchesAny(query.q, [
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
  const rows = await db
    .select({ ...ownSummaryColumns, total: totalOf(where) })
    .from(horses)
    .where(where)
    .orderBy(desc(horses.createdAt), desc(horses.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const items = rows.map((row) => toHorseSummary(row));
  const count = await pageTotal(db, rows, where, query.page);
  return { items, total: count, page: query.page, pageSize: query.pageSize };
}

export interface SearchQuery extends Paging {
  q?: string;
  color?: string;
  sex?: string;
  gaitDesignation?: string;
  stateFoaledIn?: string;
}

/** Approved horses of the whole registry, by name, number, sire or dam, and a few filters. */
export async function searchRegistry(db: Db, query: SearchQuery) {
  const where = and(
    eq(horses.approvalStatus, 'approved'),
    query.q
      ? matchesAny(query.q, [
          horses.approvedName,
          horses.registrationNumber,
          horses.sireName,
          horses.damName,
        ])
      : undefined,
    query.color ? eq(horses.color, query.color) : undefined,
    query.sex ? eq(horses.sex, query.sex) : undefined,
    query.gaitDesignation ? eq(horses.gaitDesignation, query.gaitDesignation) : undefined,
    query.stateFoaledIn ? eq(horses.stateFoaledIn, query.stateFoaledIn) : undefined,
  );
  const rows = await db
    .select({ ...summaryColumns, total: totalOf(where) })
    .from(horses)
    .where(where)
    .orderBy(
      sql`${horses.approvedName} asc nulls last`,
      asc(horses.registrationNumber),
      asc(horses.id),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const items = rows.map((row) => publicSummary(row));
  const count = await pageTotal(db, rows, where, query.page);
  return { items, total: count, page: query.page, pageSize: query.pageSize };
}
