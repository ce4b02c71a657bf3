import { inArray } from 'drizzle-orm';
import type { OwnerSummary } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';

export function fullName(user: { firstName: string | null; lastName: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

/** The people named in the office's answers (owners, requesters, actors), by id, in one query. */
export async function ownerSummaries(
  db: Executor,
  ids: string[],
): Promise<Map<string, OwnerSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, unique));
  return new Map(
    rows.map((u) => [
      u.id,
      {
        id: u.id,
        email: u.email,
        name: fullName(u),
        memberNumber: u.memberNumber,
        active: u.active,
      },
    ]),
  );
}
