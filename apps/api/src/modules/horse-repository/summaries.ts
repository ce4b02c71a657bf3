import { sql, type SQL } from 'drizzle-orm';
import type { HorseSummary, PublicHorseSummary } from '@registry/domain';
import {
  horseChangeRequests,
  horses,
  payments,
  type ApprovalStatus,
  type PaymentStatus,
} from '../../db/schema.js';
import { coveredKeys } from './fees.js';

/*
 * The columns and mapping of list rows (docs/api.md "HorseSummary"), shared by the member's
 * lists and search (modules/horses) and the office's lists (modules/admin-horses).
 */

/**
 * How many rows the query matches, counted up to `countLimit(offset)` rows (list-paging.ts) and
 * carried on each row of the page: an uncorrelated subquery PostgreSQL runs once (an InitPlan)
 * and stops after that many rows. `limit` is the placeholder or value of that bound. `order`,
 * when given, makes the counted rows the first of that order: a name-prefix search counts along
 * its prefix index's range, where a walk of another index filtering every row looked cheaper to
 * the planner (it assumes matches are spread evenly; names sharing a prefix sort together).
 */
export const totalOf = (where: SQL | undefined, limit: unknown, order?: SQL) =>
  sql<number>`(select count(*) from (select 1 from ${horses} where ${where ?? sql`true`}${order ? sql` order by ${order}` : sql``} limit ${limit}) as counted)`.mapWith(
    Number,
  );

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
