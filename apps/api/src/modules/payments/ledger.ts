import { stringify } from 'csv-stringify/sync';
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  LEDGER_MESSAGES,
  LEDGER_METHODS,
  PROVIDER_METHODS,
  formatUsd,
  horseDisplayName,
  type LedgerEntry,
  type Page,
  type PaymentRecordStatus,
  type Reconciliation,
  type ReconciliationRow,
  type ReconciliationTotals,
} from '@registry/domain';
import type { Db, Executor } from '../../db/client.js';
import { auditLog, horses, payments, users, type PaymentRow } from '../../db/schema.js';
import { isUuid } from '../../db/ids.js';
import { CSV_BOM, safeCell } from '../../csv-cells.js';
import { HttpError } from '../../http-error.js';
import { assertOffset, countLimit, pageCount } from '../../list-paging.js';
import { fullName } from '../horse-repository/index.js';
import { agreementView, disputeView, refundsByPayment } from './payment-facts.js';
import { transferHorsesOf } from './transfer-horses.js';

/*
 * The office's payments ledger (docs/api.md "Payments ledger"): every payment row, joined to
 * its payer, the administrator who recorded it and its horse; a payment whose registration was
 * deleted (horse_id set null) is named from the audit log.
 */

export interface LedgerFilters {
  status?: PaymentRecordStatus;
  method?: (typeof LEDGER_METHODS)[number];
  provider?: 'sandbox' | 'stripe' | 'offline';
  /** YYYY-MM-DD, inclusive, as days in `tz`. */
  from?: string;
  to?: string;
  tz: string;
  q?: string;
}

export interface LedgerQuery extends LedgerFilters {
  page: number;
  pageSize: number;
}

const payer = alias(users, 'payer');
const recorder = alias(users, 'recorder');

/** The start of day `date` (YYYY-MM-DD) in time zone `tz`, as a timestamptz expression. */
const dayStart = (date: string, tz: string) => sql`(${date}::date)::timestamp at time zone ${tz}`;
const nextDayStart = (date: string, tz: string) =>
  sql`((${date}::date + 1)::timestamp) at time zone ${tz}`;

function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The payments of deleted registrations whose name or number matches: the payment's own
 * `payment.created` entry names the horse, the horse's `horse.delete` entry its name.
 */
function withdrawnMatching(pattern: string): SQL {
  return sql`${payments.id}::text in (
    select created.details->>'paymentId' from ${auditLog} created
    join ${auditLog} deleted on deleted.action = 'horse.delete' and deleted.subject = created.subject
    where created.action = 'payment.created'
      and (lower(coalesce(deleted.details->>'horseName', deleted.details->>'name', '')) like ${pattern}
        or lower(coalesce(deleted.details->>'registrationNumber', '')) like ${pattern}))`;
}

function matches(q: string): SQL | undefined {
  const pattern = containsPattern(q);
  const like = (column: SQL | typeof payments.reference) =>
    sql`lower(coalesce(${column}, '')) like ${pattern}`;
  return or(
    ...[
      horses.approvedName,
      horses.firstChoice,
      horses.secondChoice,
      horses.thirdChoice,
      horses.registrationNumber,
      payer.email,
      payer.memberNumber,
      payments.reference,
      payments.providerPaymentId,
    ].map((column) => like(sql`${column}`)),
    like(sql`coalesce(${payer.firstName}, '') || ' ' || coalesce(${payer.lastName}, '')`),
    and(isNull(payments.horseId), withdrawnMatching(pattern)),
  );
}

export function ledgerFilter(filters: LedgerFilters): SQL | undefined {
  return and(
    filters.status ? eq(payments.status, filters.status) : undefined,
    filters.method ? eq(payments.method, filters.method) : undefined,
    filters.provider ? eq(payments.provider, filters.provider) : undefined,
    filters.from ? gte(payments.createdAt, dayStart(filters.from, filters.tz)) : undefined,
    filters.to ? lt(payments.createdAt, nextDayStart(filters.to, filters.tz)) : undefined,
    filters.q ? matches(filters.q) : undefined,
  );
}

const ledgerColumns = {
  payment: payments,
  payerEmail: payer.email,
  payerFirstName: payer.firstName,
  payerLastName: payer.lastName,
  payerMemberNumber: payer.memberNumber,
  recorderEmail: recorder.email,
  recorderFirstName: recorder.firstName,
  recorderLastName: recorder.lastName,
  horseApprovedName: horses.approvedName,
  horseFirstChoice: horses.firstChoice,
  horseSecondChoice: horses.secondChoice,
  horseThirdChoice: horses.thirdChoice,
  horseRegistrationNumber: horses.registrationNumber,
};

function joined(db: Executor) {
  return db
    .select(ledgerColumns)
    .from(payments)
    .leftJoin(payer, eq(payer.id, payments.payerId))
    .leftJoin(recorder, eq(recorder.id, payments.recordedById))
    .leftJoin(horses, eq(horses.id, payments.horseId));
}

type JoinedRow = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

interface Withdrawn {
  horseId: string | null;
  name: string;
  registrationNumber: string | null;
  /** A member transfer's fee: the horse is there, the payment just does not register it. */
  transfer?: boolean;
}

/**
 * The deleted registrations of these payments, from the audit log (one query each way); also
 * what My payments shows for them (member-history.ts).
 */
export async function withdrawnHorses(db: Executor, paymentIds: string[]) {
  const found = new Map<string, Withdrawn>();
  if (paymentIds.length === 0) return found;
  const paymentId = sql<string>`${auditLog.details}->>'paymentId'`;
  const created = await db
    .select({ horseId: auditLog.subject, paymentId })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'payment.created'), inArray(paymentId, paymentIds)));
  const horseIds = [...new Set(created.flatMap((row) => (row.horseId ? [row.horseId] : [])))];
  const deletions =
    horseIds.length === 0
      ? []
      : await db
          .select({
            horseId: auditLog.subject,
            name: sql<
              string | null
            >`coalesce(${auditLog.details}->>'horseName', ${auditLog.details}->>'name')`,
            registrationNumber: sql<string | null>`${auditLog.details}->>'registrationNumber'`,
          })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'horse.delete'), inArray(auditLog.subject, horseIds)));
  const deletionOf = new Map(deletions.map((row) => [row.horseId, row]));
  for (const row of created) {
    const deletion = row.horseId ? deletionOf.get(row.horseId) : undefined;
    found.set(row.paymentId, {
      horseId: row.horseId,
      name: deletion?.name ?? '',
      registrationNumber: deletion?.registrationNumber ?? null,
    });
  }
  return found;
}

function linesOf(row: PaymentRow): LedgerEntry['lines'] {
  const lines = (row.fees as { lines?: unknown }).lines;
  if (!Array.isArray(lines)) return [];
  return lines.flatMap((line: { key?: unknown; label?: unknown; cents?: unknown }) =>
    typeof line.label === 'string' && typeof line.cents === 'number'
      ? [
          {
            key: typeof line.key === 'string' ? line.key : '',
            label: line.label,
            cents: line.cents,
          },
        ]
      : [],
  );
}

function toEntry(
  row: JoinedRow,
  withdrawn: Map<string, Withdrawn>,
  refunds: Map<string, LedgerEntry['refunds']>,
): LedgerEntry {
  const p = row.payment;
  const gone = p.horseId ? undefined : withdrawn.get(p.id);
  return {
    id: p.id,
    provider: p.provider,
    method: p.method,
    providerPaymentId: p.providerPaymentId,
    amountCents: p.amountCents,
    covers: p.covers,
    lines: linesOf(p),
    status: p.status,
    refundedCents: p.refundedCents,
    refunds: refunds.get(p.id) ?? [],
    dispute: disputeView(p),
    agreement: agreementView(p),
    failureMessage: p.failureMessage,
    reversalReason: p.reversalReason,
    // Provider payments keep their method id in `reference`; that is not an office reference.
    reference: p.provider === 'offline' ? p.reference : null,
    note: p.note,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    payer:
      p.payerId && row.payerEmail !== null
        ? {
            id: p.payerId,
            name: fullName({ firstName: row.payerFirstName, lastName: row.payerLastName }),
            email: row.payerEmail,
            memberNumber: row.payerMemberNumber,
          }
        : null,
    recordedBy:
      p.recordedById && row.recorderEmail !== null
        ? {
            id: p.recordedById,
            name: fullName({ firstName: row.recorderFirstName, lastName: row.recorderLastName }),
            email: row.recorderEmail,
          }
        : null,
    horse:
      p.horseId && row.horseFirstChoice !== null
        ? {
            id: p.horseId,
            name: horseDisplayName({
              approvedName: row.horseApprovedName,
              firstChoice: row.horseFirstChoice,
              secondChoice: row.horseSecondChoice,
              thirdChoice: row.horseThirdChoice,
            }),
            registrationNumber: row.horseRegistrationNumber,
            deleted: false,
          }
        : {
            id: gone?.horseId ?? null,
            name: gone?.name ?? '',
            registrationNumber: gone?.registrationNumber ?? null,
            deleted: !gone?.transfer,
          },
  };
}

async function entriesOf(db: Executor, rows: JoinedRow[]): Promise<LedgerEntry[]> {
  const withdrawn = await withdrawnHorses(
    db,
    rows.filter((row) => !row.payment.horseId).map((row) => row.payment.id),
  );
  // A transfer fee names the transferred horse (transfer-horses.ts), not a withdrawn one.
  for (const [paymentId, horse] of await transferHorsesOf(
    db,
    rows.map((row) => row.payment),
  )) {
    withdrawn.set(paymentId, { ...horse, transfer: true });
  }
  const refunds = await refundsByPayment(
    db,
    rows.map((row) => row.payment.id),
  );
  return rows.map((row) => toEntry(row, withdrawn, refunds));
}

/**
 * One page of the ledger, newest first (created_at desc, id desc: index `payments_created_idx`).
 * The total is counted only up to 1,000 rows past the page and then said to be more
 * (`totalIsEstimate`, "1,000+"), and pages start at most 10,000 rows in, as the horse lists
 * (horse-repository/summaries.ts): a page costs the same at a million payments as at a thousand.
 */
export async function listLedger(db: Db, query: LedgerQuery): Promise<Page<LedgerEntry>> {
  const where = ledgerFilter(query);
  const offset = assertOffset(query.page, query.pageSize);
  const rows = await joined(db)
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(query.pageSize)
    .offset(offset);
  // Joined as the page is, for the search; PostgreSQL drops the joins when nothing uses them.
  const matching = db
    .select({ one: sql`1` })
    .from(payments)
    .leftJoin(payer, eq(payer.id, payments.payerId))
    .leftJoin(horses, eq(horses.id, payments.horseId))
    .where(where)
    .limit(countLimit(offset))
    .as('matching');
  const [counted] = await db.select({ n: count() }).from(matching);
  return {
    items: await entriesOf(db, rows),
    ...pageCount(counted?.n ?? 0, offset),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** One payment as the ledger shows it; 404 for an id that names none. */
export async function ledgerEntry(db: Executor, paymentId: string): Promise<LedgerEntry> {
  if (!isUuid(paymentId)) throw new HttpError(404, LEDGER_MESSAGES.notFound);
  const rows = await joined(db).where(eq(payments.id, paymentId));
  if (rows.length === 0) throw new HttpError(404, LEDGER_MESSAGES.notFound);
  const [entry] = await entriesOf(db, rows);
  return entry as LedgerEntry;
}

export const LEDGER_CSV_COLUMNS = [
  'paymentId',
  'createdAt',
  'updatedAt',
  'status',
  'provider',
  'method',
  'amount',
  'feeLines',
  'horse',
  'registrationNumber',
  'horseDeleted',
  'payerName',
  'payerEmail',
  'payerMemberNumber',
  'recordedBy',
  'reference',
  'providerPaymentId',
  'failureMessage',
  'reversalReason',
  'refunded',
  'disputeStatus',
  'agreement',
] as const;

/** The agreement in one cell: what was accepted and whether the bank mandate still stands. */
function agreementCell(agreement: LedgerEntry['agreement']): string {
  if (!agreement) return '';
  return [
    agreement.checkedAgreement ? 'accepted' : 'not asked',
    agreement.termsVersion,
    agreement.mandateVersion,
    agreement.mandateStatus === 'revoked' ? 'mandate revoked' : null,
    agreement.acceptance === 'office' ? 'taken by the office' : null,
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * The ledger as CSV for accounting, with the page's filters and order and no paging. UTF-8
 * with a byte-order mark and formula-like cells defused, as the horse and member exports.
 */
export async function exportLedgerCsv(db: Db, filters: LedgerFilters): Promise<string> {
  const rows = await joined(db)
    .where(ledgerFilter(filters))
    .orderBy(desc(payments.createdAt), desc(payments.id));
  const entries = await entriesOf(db, rows);
  const records = entries.map((entry) =>
    [
      entry.id,
      entry.createdAt,
      entry.updatedAt,
      entry.status,
      entry.provider,
      entry.method,
      (entry.amountCents / 100).toFixed(2),
      entry.lines.map((line) => `${line.label} ${formatUsd(line.cents)}`).join('; '),
      entry.horse.name,
      entry.horse.registrationNumber ?? '',
      String(entry.horse.deleted),
      entry.payer?.name ?? '',
      entry.payer?.email ?? '',
      entry.payer?.memberNumber ?? '',
      entry.recordedBy ? entry.recordedBy.name || entry.recordedBy.email : '',
      entry.reference ?? '',
      entry.providerPaymentId ?? '',
      entry.failureMessage ?? '',
      entry.reversalReason ?? '',
      (entry.refundedCents / 100).toFixed(2),
      entry.dispute?.status ?? '',
      agreementCell(entry.agreement),
    ].map((value) => safeCell(value)),
  );
  return CSV_BOM + stringify([[...LEDGER_CSV_COLUMNS], ...records]);
}

const emptyTotals = (): ReconciliationTotals => ({
  payments: 0,
  grossCents: 0,
  refunds: 0,
  refundedCents: 0,
  disputes: 0,
  disputedCents: 0,
  netCents: 0,
});

interface Bucket {
  day: string;
  method: string;
  n: number;
  cents: number;
}

/**
 * Money by day and method for a date range in time zone `tz` (docs/api.md "Payments
 * ledger"): payments that went through on the day they were made, refunds and open disputes on
 * the day they happened (the payment's last change), so a day's net is what moved that day.
 */
export async function reconcile(
  db: Db,
  range: { from: string; to: string; tz: string },
): Promise<Reconciliation> {
  const bucket = async (
    which: SQL | undefined,
    at: typeof payments.createdAt | typeof payments.updatedAt,
    cents: SQL = sql`${payments.amountCents}`,
  ): Promise<Bucket[]> => {
    const day = sql<string>`to_char(${at} at time zone ${range.tz}, 'YYYY-MM-DD')`;
    const rows = await db
      .select({
        day,
        method: payments.method,
        n: count(),
        cents: sql<number>`coalesce(sum(${cents}), 0)`.mapWith(Number),
      })
      .from(payments)
      .where(
        and(
          which,
          gte(at, dayStart(range.from, range.tz)),
          lt(at, nextDayStart(range.to, range.tz)),
        ),
      )
      // By position: the day expression's time zone is a bound parameter, and PostgreSQL
      // does not see two parameters as the same grouping expression.
      .groupBy(sql`1`, sql`2`);
    return rows;
  };
  // Refunds: a payment refunded in full (or lost in a dispute) counts its amount, one refunded
  // in part what was returned, on the day it last changed.
  const returned = sql`case when ${payments.status} = 'refunded' then ${payments.amountCents} else ${payments.refundedCents} end`;
  const [made, refunded, disputed] = await Promise.all([
    bucket(inArray(payments.status, ['succeeded', 'refunded', 'disputed']), payments.createdAt),
    bucket(
      or(eq(payments.status, 'refunded'), gt(payments.refundedCents, 0)),
      payments.updatedAt,
      returned,
    ),
    bucket(eq(payments.status, 'disputed'), payments.updatedAt),
  ]);
  const rows = new Map<string, ReconciliationRow>();
  const rowOf = (day: string, method: string) => {
    const key = `${day}|${method}`;
    let row = rows.get(key);
    if (!row) {
      row = { day, method: method as ReconciliationRow['method'], ...emptyTotals() };
      rows.set(key, row);
    }
    return row;
  };
  for (const b of made)
    Object.assign(rowOf(b.day, b.method), { payments: b.n, grossCents: b.cents });
  for (const b of refunded) {
    Object.assign(rowOf(b.day, b.method), { refunds: b.n, refundedCents: b.cents });
  }
  for (const b of disputed) {
    Object.assign(rowOf(b.day, b.method), { disputes: b.n, disputedCents: b.cents });
  }
  const order = (method: string) => LEDGER_METHODS.indexOf(method as never);
  const sorted = [...rows.values()]
    .map((row) => ({ ...row, netCents: row.grossCents - row.refundedCents - row.disputedCents }))
    .sort((a, b) => a.day.localeCompare(b.day) || order(a.method) - order(b.method));
  const sum = (list: ReconciliationRow[]) =>
    list.reduce((total, row) => {
      for (const key of Object.keys(total) as (keyof ReconciliationTotals)[]) {
        total[key] += row[key];
      }
      return total;
    }, emptyTotals());
  return {
    from: range.from,
    to: range.to,
    timeZone: range.tz,
    rows: sorted,
    totals: sum(sorted),
    providerTotals: sum(
      sorted.filter((row) => (PROVIDER_METHODS as readonly string[]).includes(row.method)),
    ),
  };
}
