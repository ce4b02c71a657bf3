import { asc, eq } from 'drizzle-orm';
import type { HistoryEntry } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { auditLog, payments } from '../../db/schema.js';
import { ownerSummaries } from '../horse-repository/index.js';

const TYPES: Record<string, HistoryEntry['type']> = {
  'horse.register': 'submitted',
  'horse.admin-create': 'submitted',
  'horse.edit': 'edited',
  'horse.approve': 'approved',
  'horse.reject': 'rejected',
  'horse.transfer': 'transferred',
  'horse.resubmit': 'resubmitted',
  'horse.change-request': 'change-requested',
  'horse.change-approve': 'change-approved',
  'horse.change-reject': 'change-rejected',
};

/**
 * `payment.settled` is logged for every final state; a refused or canceled payment is named
 * for what happened (`payment.failed`, `payment.canceled`), never shown as settled money.
 */
function settledAs(action: string, details: Record<string, unknown> | null): string {
  if (action !== 'payment.settled') return action;
  const status = details?.status;
  return status === 'failed' || status === 'canceled' ? `payment.${status}` : action;
}

/**
 * A horse's timeline, oldest first: its audit entries (submitted, edits, decision, transfers,
 * anything else logged about it) and its payments, each with who did it.
 */
export async function horseHistory(db: Db, horseId: string): Promise<HistoryEntry[]> {
  const [entries, paymentRows] = await Promise.all([
    db.select().from(auditLog).where(eq(auditLog.subject, horseId)).orderBy(asc(auditLog.id)),
    db
      .select()
      .from(payments)
      .where(eq(payments.horseId, horseId))
      .orderBy(asc(payments.createdAt)),
  ]);
  const people = await ownerSummaries(db, [
    ...entries.flatMap((e) => (e.actorId ? [e.actorId] : [])),
    ...paymentRows.flatMap((p) => [p.payerId, p.recordedById].filter((id): id is string => !!id)),
  ]);
  const who = (id: string | null) => {
    const person = id ? people.get(id) : undefined;
    return person
      ? { id: person.id, name: person.name || person.email, email: person.email }
      : null;
  };
  const timeline: HistoryEntry[] = entries.map((e) => ({
    at: e.at.toISOString(),
    type: TYPES[e.action] ?? 'other',
    action: settledAs(e.action, e.details),
    by: who(e.actorId),
    details: e.details ?? null,
  }));
  for (const p of paymentRows) {
    timeline.push({
      at: (p.status === 'succeeded' ? p.updatedAt : p.createdAt).toISOString(),
      type: p.status === 'succeeded' ? 'paid' : 'payment',
      action: `payment.${p.status}`,
      by: who(p.recordedById ?? p.payerId),
      details: {
        amountCents: p.amountCents,
        method: p.method,
        provider: p.provider,
        status: p.status,
      },
    });
  }
  return timeline.sort((a, b) => a.at.localeCompare(b.at));
}
