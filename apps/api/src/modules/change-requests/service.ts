import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  changeFieldLabel,
  CHANGE_REQUEST_MESSAGES,
  type ChangeRequestStatus,
  type DecideChangeRequestInput,
  type FieldChange,
  type OwnerSummary,
  horseDisplayName,
} from '@registry/domain';
import type { Db, Executor, Tx } from '../../db/client.js';
import {
  auditLog,
  horseChangeRequests,
  horses,
  users,
  type HorseChangeRequestRow,
  type HorseRow,
} from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { loadHorse, recordRevision, ownerSummaries } from '../horse-repository/index.js';
import { changedSinceReviewed } from '../../reviewed-version.js';
import { isUuid } from '../../db/ids.js';
import { recordAudit } from '../audit/index.js';
import { enqueueMail, recordChangeDecidedMail } from '../mail/index.js';
import {
  applyChanges,
  diffRecords,
  recordValuesOf,
  withContactFrom,
  withIdentityFrom,
  type HorseRecordValues,
} from './record-diff.js';

export type { PendingChange } from './pending.js';

export type EditOutcome = 'updated' | 'submitted';

async function pendingRequest(tx: Executor, horseId: string) {
  const [row] = await tx
    .select()
    .from(horseChangeRequests)
    .where(and(eq(horseChangeRequests.horseId, horseId), eq(horseChangeRequests.status, 'pending')))
    .for('update');
  return row;
}

/**
 * Withdraws the horse's pending change, inside a transaction that holds the horse row: a
 * transfer does this, because the request was the previous owner's and would put their owners
 * back on the record if approved later.
 */
export async function withdrawPendingChange(
  tx: Tx,
  horseId: string,
  actorId: string,
  why: 'transfer',
): Promise<void> {
  const open = await pendingRequest(tx, horseId);
  if (!open) return;
  await tx
    .update(horseChangeRequests)
    .set({ status: 'withdrawn', updatedAt: new Date() })
    .where(eq(horseChangeRequests.id, open.id));
  await recordAudit(tx, {
    action: 'horse.change-withdraw',
    success: true,
    actorId,
    subject: horseId,
    details: { requestId: open.id, why },
  });
}

/**
 * A member's edit of an approved horse, inside the edit's transaction with the horse row locked:
 * contact fields are written at once; the rest, where it differs from the approved record,
 * becomes (or replaces) the horse's pending change request. An edit that brings the record
 * back to what is approved withdraws the pending request.
 */
export async function editApprovedRecord(
  tx: Tx,
  row: HorseRow,
  sent: HorseRecordValues,
  actorId: string,
): Promise<{ row: HorseRow; outcome: EditOutcome }> {
  const approved = recordValuesOf(row);
  const direct = withContactFrom(approved, sent);
  const reviewed = diffRecords(direct, withIdentityFrom(direct, sent));
  const contact = diffRecords(approved, direct);
  let updated = row;
  if (contact.length > 0) {
    await tx
      .update(horses)
      .set({ ...direct, updatedAt: new Date() })
      .where(eq(horses.id, row.id));
    updated = await recordRevision(tx, row.id, actorId);
    await recordAudit(tx, {
      action: 'horse.edit',
      success: true,
      actorId,
      subject: row.id,
      details: { changes: contact },
    });
  }
  const open = await pendingRequest(tx, row.id);
  const now = new Date();
  if (reviewed.length === 0) {
    if (open) {
      await tx
        .update(horseChangeRequests)
        .set({ status: 'withdrawn', updatedAt: now })
        .where(eq(horseChangeRequests.id, open.id));
      await recordAudit(tx, {
        action: 'horse.change-withdraw',
        success: true,
        actorId,
        subject: row.id,
        details: { requestId: open.id },
      });
    }
    return { row: updated, outcome: 'updated' };
  }
  let requestId: string;
  if (open) {
    await tx
      .update(horseChangeRequests)
      .set({
        proposed: sent,
        changes: reviewed,
        requestedById: actorId,
        // The office's decision names the version it read (decideChangeRequest).
        version: sql`${horseChangeRequests.version} + 1`,
        updatedAt: now,
      })
      .where(eq(horseChangeRequests.id, open.id));
    requestId = open.id;
  } else {
    const [created] = await tx
      .insert(horseChangeRequests)
      .values({ horseId: row.id, requestedById: actorId, proposed: sent, changes: reviewed })
      .returning({ id: horseChangeRequests.id });
    if (!created) throw new Error('insert returned no row');
    requestId = created.id;
  }
  await recordAudit(tx, {
    action: 'horse.change-request',
    success: true,
    actorId,
    subject: row.id,
    details: { requestId, changes: reviewed },
  });
  return { row: updated, outcome: 'submitted' };
}

export interface ChangeRequestView {
  id: string;
  horseId: string;
  horseName: string;
  registrationNumber: string | null;
  owner: OwnerSummary | null;
  requestedBy: OwnerSummary | null;
  status: ChangeRequestStatus;
  changes: FieldChange[];
  version: number;
  reason: string | null;
  createdAt: string;
  updatedAt: string;
  decidedAt: string | null;
}

async function views(db: Executor, rows: HorseChangeRequestRow[]): Promise<ChangeRequestView[]> {
  const horseRows =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(horses)
          .where(inArray(horses.id, [...new Set(rows.map((r) => r.horseId))]));
  const byId = new Map(horseRows.map((h) => [h.id, h]));
  const people = await ownerSummaries(db, [
    ...horseRows.map((h) => h.ownerId),
    ...rows.flatMap((r) => (r.requestedById ? [r.requestedById] : [])),
  ]);
  return rows.map((r) => {
    const horse = byId.get(r.horseId);
    return {
      id: r.id,
      horseId: r.horseId,
      horseName: horse ? horseDisplayName(horse) : '',
      registrationNumber: horse?.registrationNumber ?? null,
      owner: (horse && people.get(horse.ownerId)) ?? null,
      requestedBy: (r.requestedById && people.get(r.requestedById)) || null,
      status: r.status,
      changes: r.changes,
      version: r.version,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    };
  });
}

export interface ChangeRequestQuery {
  status: ChangeRequestStatus;
  horseId?: string;
  page: number;
  pageSize: number;
}

/** Pending requests oldest first (a queue); decided ones newest first. */
export async function listChangeRequests(db: Db, query: ChangeRequestQuery) {
  const where = and(
    eq(horseChangeRequests.status, query.status),
    query.horseId ? eq(horseChangeRequests.horseId, query.horseId) : undefined,
  );
  const order =
    query.status === 'pending'
      ? [asc(horseChangeRequests.updatedAt), asc(horseChangeRequests.id)]
      : [desc(horseChangeRequests.updatedAt), desc(horseChangeRequests.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(horseChangeRequests)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(horseChangeRequests).where(where),
  ]);
  return {
    items: await views(db, rows),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function findRequest(db: Executor, id: string, lock: boolean) {
  if (!isUuid(id)) throw new HttpError(404, CHANGE_REQUEST_MESSAGES.notFound);
  const query = db.select().from(horseChangeRequests).where(eq(horseChangeRequests.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, CHANGE_REQUEST_MESSAGES.notFound);
  return row;
}

/**
 * The office's decision on a change request. Locks the horse first, then the request (the
 * order a member's edit takes), so a decision and an edit of the same horse queue up; a second
 * decision finds the request decided (409). An approval applies the requested fields to the
 * record as it is now, keeping what the owner or the office changed since in other fields.
 */
export interface ChangeRequestDeps {
  db: Db;
  associationName: string;
  onMailQueued?: () => void;
}

/** Tells the owner of record what the office decided, inside the decision's transaction. */
async function mailOwner(
  tx: Tx,
  deps: ChangeRequestDeps,
  horse: HorseRow,
  decision: { approved: boolean; changes: FieldChange[]; reason?: string },
) {
  const [owner] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, horse.ownerId));
  if (!owner) return;
  const fields = [...new Set(decision.changes.map((c) => changeFieldLabel(c.field)))];
  await enqueueMail(
    tx,
    recordChangeDecidedMail(owner.email, deps.associationName, {
      horseName: horseDisplayName(horse),
      approved: decision.approved,
      fields,
      reason: decision.reason,
    }),
  );
}

/**
 * The changes the request asked for at `version`: each submission is an audit entry
 * ('horse.change-request', oldest first), the last one being the request's current version.
 */
async function requestedAt(
  tx: Executor,
  request: HorseChangeRequestRow,
  version: number,
): Promise<FieldChange[] | undefined> {
  const entries = await tx
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, 'horse.change-request'),
        eq(auditLog.subject, request.horseId),
        sql`${auditLog.details}->>'requestId' = ${request.id}`,
      ),
    )
    .orderBy(asc(auditLog.id));
  const entry = entries[entries.length - 1 - (request.version - version)];
  const changes = entry?.details?.changes;
  return Array.isArray(changes) ? (changes as FieldChange[]) : undefined;
}

/** What the owner's replacement changed in the request since the office read it. */
function requestChanges(reviewed: FieldChange[], now: FieldChange[]): FieldChange[] {
  const before = new Map(reviewed.map((c) => [c.field, c.to]));
  const after = new Map(now.map((c) => [c.field, c.to]));
  return [...new Set([...before.keys(), ...after.keys()])].flatMap((field) => {
    const from = before.get(field) ?? '';
    const to = after.get(field) ?? '';
    return from === to ? [] : [{ field, from, to }];
  });
}

export async function decideChangeRequest(
  deps: ChangeRequestDeps,
  id: string,
  input: DecideChangeRequestInput & { version: number },
  actorId: string,
  ip: string,
): Promise<ChangeRequestView> {
  const { db } = deps;
  const first = await findRequest(db, id, false);
  await db.transaction(async (tx) => {
    const horse = await loadHorse(tx, first.horseId, { lock: true });
    const request = await findRequest(tx, id, true);
    if (request.status !== 'pending') {
      throw new HttpError(409, CHANGE_REQUEST_MESSAGES.alreadyDecided(request.status));
    }
    if (request.version !== input.version) {
      const reviewed = await requestedAt(tx, request, input.version);
      throw changedSinceReviewed(
        CHANGE_REQUEST_MESSAGES.changedSinceReviewed,
        request.version,
        reviewed ? requestChanges(reviewed, request.changes) : [],
      );
    }
    const now = new Date();
    const audit = { success: true, actorId, subject: horse.id, ip };
    if (input.action === 'reject') {
      const reason = input.reason?.trim() ?? '';
      if (!reason) {
        throw new HttpError(400, CHANGE_REQUEST_MESSAGES.reasonRequired, {
          reason: CHANGE_REQUEST_MESSAGES.reasonRequired,
        });
      }
      await tx
        .update(horseChangeRequests)
        .set({ status: 'rejected', reason, decidedAt: now, decidedById: actorId, updatedAt: now })
        .where(eq(horseChangeRequests.id, id));
      await recordAudit(tx, {
        ...audit,
        action: 'horse.change-reject',
        details: { requestId: id, reason, changes: request.changes },
      });
      await mailOwner(tx, deps, horse, { approved: false, changes: request.changes, reason });
      return;
    }
    const current = recordValuesOf(horse);
    const target = applyChanges(current, request.proposed, request.changes);
    const applied = diffRecords(current, target);
    await tx
      .update(horses)
      .set({ ...target, updatedAt: now })
      .where(eq(horses.id, horse.id));
    await recordRevision(tx, horse.id, actorId);
    await tx
      .update(horseChangeRequests)
      .set({
        status: 'approved',
        changes: applied,
        decidedAt: now,
        decidedById: actorId,
        updatedAt: now,
      })
      .where(eq(horseChangeRequests.id, id));
    await recordAudit(tx, {
      ...audit,
      action: 'horse.change-approve',
      details: { requestId: id, changes: applied },
    });
    await mailOwner(tx, deps, horse, { approved: true, changes: applied });
  });
  deps.onMailQueued?.();
  const [view] = await views(db, [await findRequest(db, id, false)]);
  if (!view) throw new HttpError(404, CHANGE_REQUEST_MESSAGES.notFound);
  return view;
}
