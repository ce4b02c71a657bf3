import type { FastifyBaseLogger } from 'fastify';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  WAITING_WORK_CAP,
  formatUsd,
  receivesOfficeNotice,
  staffMay,
  type OfficeNoticeChoice,
  type OfficeNoticeKind,
  type StaffArea,
  type StaffRole,
  type WaitingWork,
} from '@registry/domain';
import type { Db, Executor, Tx } from '../../db/client.js';
import { lockFor } from '../../db/advisory-lock.js';
import {
  auditLog,
  horseChangeRequests,
  horses,
  horseTransfers,
  officeDigests,
  users,
} from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';
import { horseNamesByIds, fullName } from '../horse-repository/index.js';
import { enqueueMail } from './outbox.js';
import { officeDigestMail, officeNoticeMail } from './templates.js';

/*
 * Office notices (docs/api.md "Office notices"): staff hear of new registrations,
 * resubmissions, change requests, member transfers, breeding reports and payment problems by
 * mail, at once or in one daily digest.
 * The events are read from the audit log, which every one of them already writes in its own
 * transaction, so no feature has to remember to notify, and a notice is never sent for work
 * that was rolled back. Each kind of event goes only to the staff roles whose work it is
 * (domain OFFICE_NOTICE_AREAS); deactivated or removed staff, and accounts without a role, get none.
 */

/** The audit actions the office hears of. */
const EVENT_ACTIONS = [
  'horse.register',
  'horse.resubmit',
  'horse.change-request',
  'payment.settled',
  // The provider could not return a refund (the money stayed with the association), and a card
  // network dispute or inquiry the office must answer (payments/refund-events.ts, dispute-events.ts).
  'payment.refund_failed',
  'payment.disputed',
  // A member transfer that now waits for the office (accepted without a fee, or its fee paid),
  // and a stallion's breeding report filed or amended, which the office reviews (issue 31).
  'transfer.accept',
  'transfer.paid',
  'breeding-report.file',
  'breeding-report.amend',
] as const;
type EventAction = (typeof EVENT_ACTIONS)[number];

/** The kind of notice each event is (and so who hears of it); typed so a new event must say. */
const EVENT_KINDS: Record<EventAction, OfficeNoticeKind> = {
  'horse.register': 'registration',
  'horse.resubmit': 'resubmission',
  'horse.change-request': 'changeRequest',
  'payment.settled': 'failedPayment',
  'payment.refund_failed': 'refundFailed',
  'payment.disputed': 'dispute',
  'transfer.accept': 'memberTransfer',
  'transfer.paid': 'memberTransfer',
  'breeding-report.file': 'breedingReport',
  'breeding-report.amend': 'breedingReport',
};
const NOTICE_ACTION = 'office.notice';
/** At most this many events in one mail; more wait for the next run. */
const BATCH = 200;
/** The daily digest goes out at the first run past 07:00 UTC (early morning in the Americas). */
export const OFFICE_DIGEST_HOUR_UTC = 7;
/** How often the notices look for new work: "at once" means within this. */
export const OFFICE_NOTICE_INTERVAL_MS = 60_000;

export interface NoticeOptions {
  associationName: string;
  publicUrl: string;
  /** The digest goes out on the first run at or after this hour (UTC) of each day. */
  digestHourUtc: number;
}

export interface OfficeEvent {
  auditId: number;
  at: Date;
  kind: OfficeNoticeKind;
  line: string;
}

type AuditRow = typeof auditLog.$inferSelect;

function isEvent(row: AuditRow): boolean {
  const status = (row.details as { status?: unknown } | null)?.status;
  if (row.action === 'payment.settled') return status === 'failed';
  // Accepted with a fee still to pay: the office hears of it once paid (transfer.paid).
  if (row.action === 'transfer.accept') return status === 'awaiting_office';
  return true;
}

/** The horse an event is about: a breeding report's is its stallion (its subject is the report). */
function horseIdOf(row: AuditRow): string | undefined {
  if (row.action.startsWith('breeding-report.')) {
    const stallionId = (row.details as { stallionId?: unknown } | null)?.stallionId;
    return typeof stallionId === 'string' ? stallionId : undefined;
  }
  return row.subject ?? undefined;
}

const transferIdOf = (row: AuditRow) => {
  const id = (row.details as { transferId?: unknown } | null)?.transferId;
  return typeof id === 'string' ? id : undefined;
};

/**
 * Transfer events whose transfer still waits for the office: one approved at once (the
 * association's auto-approve setting) or decided since is not news to it.
 */
async function stillWaitingTransfers(db: Executor, rows: AuditRow[]): Promise<AuditRow[]> {
  const ids = rows.flatMap((row) =>
    row.action.startsWith('transfer.') ? [transferIdOf(row) ?? ''] : [],
  );
  if (ids.length === 0) return rows;
  const waiting = await db
    .select({ id: horseTransfers.id })
    .from(horseTransfers)
    .where(
      and(
        inArray(
          horseTransfers.id,
          ids.filter((id) => id !== ''),
        ),
        eq(horseTransfers.status, 'awaiting_office'),
      ),
    );
  const open = new Set(waiting.map((row) => row.id));
  return rows.filter(
    (row) => !row.action.startsWith('transfer.') || open.has(transferIdOf(row) ?? ''),
  );
}

/** Each event as a line a staff member reads: what happened, to which horse, by whom. */
async function describe(db: Executor, rows: AuditRow[]): Promise<OfficeEvent[]> {
  const events = await stillWaitingTransfers(db, rows.filter(isEvent));
  const byId = await horseNamesByIds(
    db,
    events.flatMap((row) => horseIdOf(row) ?? []),
  );
  const ownerIds = [...new Set([...byId.values()].map((horse) => horse.ownerId))];
  const owners =
    ownerIds.length === 0 ? [] : await db.select().from(users).where(inArray(users.id, ownerIds));
  const ownerOf = new Map(owners.map((owner) => [owner.id, fullName(owner) || owner.email]));
  return events.flatMap((row) => {
    const horseId = horseIdOf(row);
    const horse = horseId ? byId.get(horseId) : undefined;
    // Deleted since: nothing waits for the office any more.
    if (!horse) return [];
    const { name } = horse;
    const owner = ownerOf.get(horse.ownerId) ?? 'a member';
    const details = (row.details ?? {}) as {
      amountCents?: unknown;
      refundCents?: unknown;
      failureReason?: unknown;
      disputeStatus?: unknown;
      season?: unknown;
      mares?: unknown;
    };
    const kind = EVENT_KINDS[row.action as EventAction];
    const cents = (value: unknown) => (typeof value === 'number' ? `${formatUsd(value)} ` : '');
    if (row.action === 'payment.refund_failed') {
      const why = typeof details.failureReason === 'string' ? ` (${details.failureReason})` : '';
      const line = `Refund failed${why}: ${cents(details.refundCents)}for ${name}, from ${owner}: the money is still with the association`;
      return [{ auditId: row.id, at: row.at, kind, line }];
    }
    if (kind === 'memberTransfer') {
      const line = `Member transfer waiting for the office: ${name}, from ${owner}`;
      return [{ auditId: row.id, at: row.at, kind, line }];
    }
    if (kind === 'breedingReport') {
      const step = row.action === 'breeding-report.amend' ? 'amended' : 'filed';
      const mares = typeof details.mares === 'number' ? details.mares : 0;
      const line = `Breeding report ${step}: ${String(details.season ?? '')} season of ${name}, ${mares} mare${mares === 1 ? '' : 's'}, by ${owner}`;
      return [{ auditId: row.id, at: row.at, kind, line }];
    }
    if (row.action === 'payment.disputed') {
      const line = `Payment disputed with the card issuer (${String(details.disputeStatus ?? 'open')}): ${cents(details.amountCents)}for ${name}, from ${owner}`;
      return [{ auditId: row.id, at: row.at, kind, line }];
    }
    const line =
      row.action === 'horse.register'
        ? `New registration: ${name}, from ${owner}`
        : row.action === 'horse.resubmit'
          ? `Corrected and resubmitted: ${name}, from ${owner}`
          : row.action === 'horse.change-request'
            ? `Change requested to the approved record of ${name}, by ${owner}`
            : `Payment failed: ${typeof details.amountCents === 'number' ? `${formatUsd(details.amountCents)} ` : ''}for ${name}, from ${owner}`;
    return [{ auditId: row.id, at: row.at, kind, line }];
  });
}

/** Active office staff with a role whose notices are `choice` (removed staff stay inactive). */
async function staffWanting(db: Executor, choice: OfficeNoticeChoice) {
  const rows = await db
    .select({ email: users.email, staffRole: users.staffRole })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        eq(users.active, true),
        isNull(users.removedAt),
        isNotNull(users.staffRole),
        eq(users.officeNotices, choice),
      ),
    );
  return rows.flatMap(({ email, staffRole }) => (staffRole ? [{ email, staffRole }] : []));
}

/** The events a role hears of. */
const eventsFor = (role: StaffRole, events: OfficeEvent[]) =>
  events.filter((event) => receivesOfficeNotice(role, event.kind));

/** Which area's work each waiting count is: the digest is sent to a role only if some is its. */
const WAITING_AREAS: Record<keyof WaitingWork, StaffArea> = {
  registrations: 'approvals',
  changeRequests: 'approvals',
  failedPayments: 'payments',
  memberTransfers: 'transfers',
};
const waitingFor = (role: StaffRole, waiting: WaitingWork) =>
  (Object.keys(WAITING_AREAS) as (keyof WaitingWork)[]).some(
    (key) => waiting[key] > 0 && staffMay(role, WAITING_AREAS[key]),
  );

/**
 * The last audit id the notices have covered. The very first run starts from now (the office
 * is not mailed the whole history): it logs the newest id as covered and answers undefined.
 */
async function watermark(tx: Tx): Promise<number | undefined> {
  const [last] = await tx
    .select({ upTo: sql<string | null>`${auditLog.details}->>'upTo'` })
    .from(auditLog)
    .where(eq(auditLog.action, NOTICE_ACTION))
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (last?.upTo) return Number(last.upTo);
  const [newest] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  await recordAudit(tx, {
    action: NOTICE_ACTION,
    success: true,
    details: { upTo: newest?.id ?? 0, events: 0 },
  });
  return undefined;
}

/**
 * Mails the staff who want notices at once about the events since the last run. One server at a
 * time (an advisory lock); the run is logged with the last event it covered. Returns how many
 * events were sent.
 */
export async function sendImmediateNotices(db: Db, options: NoticeOptions): Promise<number> {
  return db.transaction(async (tx) => {
    await lockFor(tx, NOTICE_ACTION);
    const from = await watermark(tx);
    if (from === undefined) return 0;
    const rows = await tx
      .select()
      .from(auditLog)
      .where(and(gt(auditLog.id, from), inArray(auditLog.action, [...EVENT_ACTIONS])))
      .orderBy(asc(auditLog.id))
      .limit(BATCH);
    const last = rows.at(-1);
    if (!last) return 0;
    const events = await officeOnlyFiltered(tx, await describe(tx, rows), rows);
    if (events.length > 0) {
      for (const { email, staffRole } of await staffWanting(tx, 'immediate')) {
        const theirs = eventsFor(staffRole, events);
        if (theirs.length === 0) continue;
        await enqueueMail(
          tx,
          officeNoticeMail(email, options.associationName, {
            lines: theirs.map((event) => event.line),
            link: `${options.publicUrl}/admin/horse-reject-approve`,
          }),
        );
      }
    }
    await recordAudit(tx, {
      action: NOTICE_ACTION,
      success: true,
      details: { upTo: last.id, events: events.length },
    });
    return events.length;
  });
}

/** Registrations the office entered itself are not news to it. */
async function officeOnlyFiltered(
  tx: Tx,
  events: OfficeEvent[],
  rows: AuditRow[],
): Promise<OfficeEvent[]> {
  const registered = rows.filter((row) => row.action === 'horse.register' && row.subject);
  if (registered.length === 0) return events;
  const byOffice = await tx
    .select({ subject: auditLog.subject })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'horse.admin-create'),
        inArray(
          auditLog.subject,
          registered.map((row) => row.subject as string),
        ),
      ),
    );
  const entered = new Set(byOffice.map((row) => row.subject));
  const skip = new Set(registered.filter((row) => entered.has(row.subject)).map((row) => row.id));
  return events.filter((event) => !skip.has(event.auditId));
}

const capped = (n: number) => Math.min(n, WAITING_WORK_CAP + 1);

/** What waits for the office now, each count stopping past WAITING_WORK_CAP. */
export async function waitingWork(db: Executor): Promise<WaitingWork> {
  const limit = WAITING_WORK_CAP + 1;
  const [registrations, changeRequests, failedPayments, memberTransfers] = await Promise.all([
    db
      .select({ id: horses.id })
      .from(horses)
      .where(eq(horses.approvalStatus, 'pending'))
      .limit(limit),
    db
      .select({ id: horseChangeRequests.id })
      .from(horseChangeRequests)
      .where(eq(horseChangeRequests.status, 'pending'))
      .limit(limit),
    db
      .select({ id: horses.id })
      .from(horses)
      .where(and(eq(horses.approvalStatus, 'pending'), eq(horses.paymentStatus, 'failed')))
      .limit(limit),
    db
      .select({ id: horseTransfers.id })
      .from(horseTransfers)
      .where(eq(horseTransfers.status, 'awaiting_office'))
      .limit(limit),
  ]);
  return {
    registrations: capped(registrations.length),
    changeRequests: capped(changeRequests.length),
    failedPayments: capped(failedPayments.length),
    memberTransfers: capped(memberTransfers.length),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Once a day, at the first run past the digest hour: the day's row in `office_digests` is taken
 * by one server, which mails the staff who chose the digest what came in over the last day and
 * what waits now. Returns whether this run sent it.
 */
export async function sendDailyDigest(
  db: Db,
  options: NoticeOptions,
  now = new Date(),
): Promise<boolean> {
  if (now.getUTCHours() < options.digestHourUtc) return false;
  const day = now.toISOString().slice(0, 10);
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .insert(officeDigests)
      .values({ day })
      .onConflictDoNothing()
      .returning();
    if (!taken) return false;
    const since = new Date(now.getTime() - DAY_MS);
    const rows = await tx
      .select()
      .from(auditLog)
      .where(
        and(
          inArray(auditLog.action, [...EVENT_ACTIONS]),
          sql`${auditLog.at} > ${since.toISOString()}`,
        ),
      )
      .orderBy(asc(auditLog.id))
      .limit(BATCH);
    const events = await officeOnlyFiltered(tx, await describe(tx, rows), rows);
    const waiting = await waitingWork(tx);
    for (const { email, staffRole } of await staffWanting(tx, 'digest')) {
      const theirs = eventsFor(staffRole, events);
      // Nothing of their work came in or waits: no digest (read-only staff never get one).
      if (theirs.length === 0 && !waitingFor(staffRole, waiting)) continue;
      await enqueueMail(
        tx,
        officeDigestMail(email, options.associationName, {
          lines: theirs.map((event) => event.line),
          waiting,
          link: `${options.publicUrl}/admin/horse-reject-approve`,
        }),
      );
    }
    return true;
  });
}

/** Runs both every `intervalMs`, each run's failure logged and the next run tried. */
export function startOfficeNotices(
  db: Db,
  options: NoticeOptions,
  log: FastifyBaseLogger,
  intervalMs: number,
  onMailQueued: () => void,
): { stop(): Promise<void>; runNow(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running
      .then(async () => {
        const sent = await sendImmediateNotices(db, options);
        const digest = await sendDailyDigest(db, options);
        if (sent > 0 || digest) onMailQueued();
      })
      .catch((error: unknown) => log.error({ err: error }, 'office notices failed'));
    return running;
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  // The first run notes where the notices start (see watermark) before any new work arrives.
  void run();
  return {
    runNow: run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
