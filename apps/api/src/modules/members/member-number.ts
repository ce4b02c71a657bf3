import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { nextSequence, type RegistrationNumberFormat } from '../../numbering.js';

/**
 * The next member number not held by anyone (nor in `reserved`: numbers about to be written in
 * the same statement). Must run in the transaction that stores it: the counter row's lock
 * queues concurrent creations; a number typed by hand is skipped, never reused.
 */
export async function nextMemberNumber(
  tx: Executor,
  format: RegistrationNumberFormat,
  reserved: ReadonlySet<string> = new Set(),
  now = new Date(),
): Promise<string> {
  // 'member:' keeps this counter apart from registration numbers of the same text.
  const scope = `member:${format.scope(now)}`;
  for (;;) {
    const number = format.render(await nextSequence(tx, scope), now);
    if (reserved.has(number)) continue;
    const holders = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.memberNumber, number));
    if (holders.length === 0) return number;
  }
}

/**
 * Gives every member without a member number the next free one, oldest member first: members
 * created before numbers were automatic get theirs at start-up. Returns how many were given.
 */
export async function assignMissingMemberNumbers(
  db: Db,
  format: RegistrationNumberFormat,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const missing = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'member'), isNull(users.memberNumber)))
      .orderBy(asc(users.createdAt), asc(users.id));
    let given = 0;
    for (const member of missing) {
      const number = await nextMemberNumber(tx, format, new Set(), now);
      // Another server starting at the same moment may have numbered this member already.
      const updated = await tx
        .update(users)
        .set({ memberNumber: number, updatedAt: now })
        .where(and(eq(users.id, member.id), isNull(users.memberNumber)))
        .returning({ id: users.id });
      given += updated.length;
    }
    return given;
  });
}
