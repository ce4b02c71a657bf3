import { and, eq, inArray } from 'drizzle-orm';
import type { FieldChange } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { horseChangeRequests } from '../../db/schema.js';

/** What the owner's view of a horse says about a change waiting for the office. */
export interface PendingChange {
  id: string;
  submittedAt: string;
  changes: FieldChange[];
}

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
  return new Map(
    rows.map((r) => [
      r.horseId,
      { id: r.id, submittedAt: r.updatedAt.toISOString(), changes: r.changes },
    ]),
  );
}

export async function pendingChangeOf(
  db: Executor,
  horseId: string,
): Promise<PendingChange | null> {
  return (await pendingChanges(db, [horseId])).get(horseId) ?? null;
}
