import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FieldChange } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { horseChangeRequests } from '../../db/schema.js';
import { prepared } from '../../db/prepared.js';

/** What the owner's view of a horse says about a change waiting for the office. */
export interface PendingChange {
  id: string;
  submittedAt: string;
  changes: FieldChange[];
}

type ChangeRequestRow = typeof horseChangeRequests.$inferSelect;

/** A change request row as the owner's view of its horse tells it. */
const toPendingChange = (row: ChangeRequestRow): PendingChange => ({
  id: row.id,
  submittedAt: row.updatedAt.toISOString(),
  changes: row.changes,
});

/** The pending change of each given horse, by horse id. */
export async function pendingChanges(
  db: Executor,
  horseIds: string[],
): Promise<Map<string, PendingChange>> {
  if (horseIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(horseChangeRequests)
    .where(
      and(
        inArray(horseChangeRequests.horseId, [...new Set(horseIds)]),
        eq(horseChangeRequests.status, 'pending'),
      ),
    );
  return new Map(rows.map((row) => [row.horseId, toPendingChange(row)]));
}

/** One horse's pending change (its record's read): one statement, built once (db/prepared.ts). */
export async function pendingChangeOf(
  db: Executor,
  horseId: string,
): Promise<PendingChange | null> {
  const [row] = await prepared(db, 'pending_change_of', () =>
    db
      .select()
      .from(horseChangeRequests)
      .where(
        and(
          eq(horseChangeRequests.horseId, sql.placeholder('horseId')),
          eq(horseChangeRequests.status, 'pending'),
        ),
      )
      .prepare('pending_change_of'),
  ).execute({ horseId });
  return row ? toPendingChange(row) : null;
}
