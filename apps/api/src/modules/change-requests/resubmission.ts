import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FieldChange } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { auditLog, type HorseRow } from '../../db/schema.js';

/** A rejected registration the member corrected and sent again: what the reviewer is shown. */
export interface Resubmission {
  at: string;
  previousReason: string;
  changes: FieldChange[];
}

export const RESUBMIT_ACTION = 'horse.resubmit';

/**
 * The latest resubmission of each pending horse. A horse only returns to pending through a
 * resubmission, so for a pending horse the latest one is the round under review; the audit row
 * is the record of it (docs/decisions/0033-history-from-the-audit-log-and-payments.md).
 */
export async function resubmissions(
  db: Executor,
  rows: Pick<HorseRow, 'id' | 'approvalStatus'>[],
): Promise<Map<string, Resubmission>> {
  const ids = rows.filter((r) => r.approvalStatus === 'pending').map((r) => r.id);
  if (ids.length === 0) return new Map();
  const entries = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, RESUBMIT_ACTION), inArray(auditLog.subject, ids)))
    .orderBy(desc(auditLog.id));
  const found = new Map<string, Resubmission>();
  for (const entry of entries) {
    if (!entry.subject || found.has(entry.subject)) continue;
    const details = entry.details ?? {};
    found.set(entry.subject, {
      at: entry.at.toISOString(),
      previousReason: typeof details.previousReason === 'string' ? details.previousReason : '',
      changes: Array.isArray(details.changes) ? (details.changes as FieldChange[]) : [],
    });
  }
  return found;
}
