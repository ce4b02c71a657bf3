import { sql, type SQL } from 'drizzle-orm';
import type { HorseSummary, PublicHorseSummary } from '@registry/domain';
import {
  horseChangeRequests,
  horses,
  payments,
  type ApprovalStatus,
  type PaymentStatus,
} from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { coveredKeys } from './fees.js';

/*
 * The columns and mapping of list rows (docs/api.md "HorseSummary"), shared by the member's
 * lists and search (modules/horses) and the office's lists (modules/admin-horses).
 */

/**
 * How far a list counts its matches past the start of the page: beyond it, the total is said to
 * be at least that ("1,000+", `totalIsEstimate`). Counting every match cost a scan of the whole
 * register on each page (docs/decisions/0087-indexes-and-bounded-counts-for-large-registers.md).
 */
export const COUNT_AHEAD = 1000;
/** The deepest row a numbered page may start at: deeper pages cost their offset in rows. */
export const MAX_OFFSET = 10_000;

/**
 * How many rows the query matches, counted up to `offset + COUNT_AHEAD + 1` rows and carried on
 * each row of the page: an uncorrelated subquery PostgreSQL runs once (an InitPlan) and stops
 * after that many rows. `limit` is the placeholder or value of that bound. `order`, when given,
 * makes the counted rows the first of that order: a name-prefix search counts along its
 * prefix index's range, where a walk of another index filtering every row looked cheaper to
 * the planner (it assumes matches are spread evenly; names sharing a prefix sort together).
 */
export const totalOf = (where: SQL | undefined, limit: unknown, order?: SQL) =>
  sql<number>`(select count(*) from (select 1 from ${horses} where ${where ?? sql`true`}${order ? sql` order by ${order}` : sql``} limit ${limit}) as counted)`.mapWith(
    Number,
  );

/** A numbered page's first row; 400 past `MAX_OFFSET` (docs/api.md "Lists and counts"). */
export function assertOffset(page: number, pageSize: number): number {
  const offset = (page - 1) * pageSize;
  if (offset > MAX_OFFSET) {
    throw new HttpError(
      400,
      `Pages are served up to row ${MAX_OFFSET.toLocaleString('en-US')}: search, filter or reverse the order to reach the rest`,
    );
  }
  return offset;
}

/** The bound of `totalOf` for a page starting at `offset`. */
export const countLimit = (offset: number) => offset + COUNT_AHEAD + 1;

/** A page's total as answered: exact below the bound, else the bound and `totalIsEstimate`. */
export function pageCount(counted: number, offset: number) {
  const bound = countLimit(offset) - 1;
  return counted > bound
    ? { total: bound, totalIsEstimate: true }
    : { total: counted, totalIsEstimate: false };
}

/**
 * `%q%` for LIKE, with the user's own % and _ taken literally. A line break becomes a space: the
 * searched texts keep one field per line (db/schema.ts `horseSearchText`), and a search must
 * not match across two fields.
 */
export function containsPattern(q: string): string {
  return `%${q
    .toLowerCase()
    .replace(/[\r\n]/g, ' ')
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Searches shorter than this are name prefixes (`prefixPattern`): trigrams need three
 * characters, and a contains-search of one or two would read every row
 * (docs/decisions/0112-scale-reads-at-a-million.md).
 */
export const SHORT_SEARCH = 3;
export const isShortSearch = (q: string) => [...q.trim()].length < SHORT_SEARCH;

/** `q%` for LIKE: names starting with `q`, case-insensitive, % and _ taken literally. */
export function prefixPattern(q: string): string {
  return `${q
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const iso = (date: Date) => date.toISOString();

/** What every list row shows: names, number, statuses, parents, dates. */
export const summaryColumns = {
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

export interface SummaryRow {
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

export function publicSummary(row: SummaryRow): PublicHorseSummary {
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
};

/**
 * The owner's row's columns that other tables answer: payment intent, fee lines paid, pending
 * change request. `id` names the horse's id in the statement (the page subquery's column):
 * they are computed in an outer select over the limited page only, never for the rows an
 * offset skips or a sort looks at
 * (docs/decisions/0087-indexes-and-bounded-counts-for-large-registers.md).
 */
export function perRowColumns(id: SQL) {
  return {
    // Both looked up by horse_id through an index (payments_horse_idx, one pending per horse).
    paymentIntentId: sql<string | null>`(
      select ${payments.providerPaymentId} from ${payments}
      where ${payments.horseId} = ${id} and ${payments.providerPaymentId} is not null
      order by ${payments.createdAt} desc, ${payments.id} desc limit 1)`,
    // Fee lines settled payments cover ('registration+verification'), for the Pay dialog.
    feesPaid: sql<string | null>`(
      select string_agg(${payments.covers}, '+') from ${payments}
      where ${payments.horseId} = ${id} and ${payments.status} = 'succeeded')`,
    changePending: sql<boolean>`exists (
      select 1 from ${horseChangeRequests}
      where ${horseChangeRequests.horseId} = ${id}
        and ${horseChangeRequests.status} = 'pending')`,
  };
}

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
  feesPaid: string | null;
  changePending: boolean;
}

/**
 * Built with Object.assign, not `{ ...publicSummary(row), ... }`: V8 copies a spread object
 * and then adds ten properties through its slow path, about 11 microseconds a row, 8 % of an
 * uncached list request's CPU (docs/decisions/0057-uncached-read-path.md).
 */
export function toHorseSummary(row: OwnSummaryRow): HorseSummary {
  return Object.assign(publicSummary(row), {
    firstChoice: row.firstChoice,
    secondChoice: row.secondChoice,
    thirdChoice: row.thirdChoice,
    ownerId: row.ownerId,
    paymentStatus: row.paymentStatus,
    paymentMode: row.paymentMode,
    paymentIntentId: row.paymentIntentId,
    feesPaid: coveredKeys(row.feesPaid),
    performanceVerification: row.performanceVerification ?? '',
    rejectionReason: row.rejectionReason,
    changePending: row.changePending,
  });
}
