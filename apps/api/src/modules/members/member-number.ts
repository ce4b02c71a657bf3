import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { normalizeMemberNumber } from '@registry/domain';
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
    const number = normalizeMemberNumber(format.render(await nextSequence(tx, scope), now));
    if (reserved.has(number)) continue;
    const holders = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.memberNumber, number));
    if (holders.length === 0) return number;
  }
}

/**
 * A member number that is surely in its one spelling already: plain upper-case letters, digits
 * and the usual separators, single spaces between. Only the rest are read at start-up.
 */
const CANONICAL_FOR_SURE = '^[A-Z0-9./#_-]+( [A-Z0-9./#_-]+)*$';

/**
 * Rewrites numbers stored before member numbers had one spelling (`m-0002`, a zero-width space)
 * into it, so that the comparisons and the unique index work on that spelling. A number whose
 * spelling another account already holds stays as it is (two members must not merge); the
 * office sees both and can renumber one.
 */
async function respellStoredNumbers(tx: Executor, now: Date): Promise<void> {
  const odd = await tx
    .select({ id: users.id, memberNumber: users.memberNumber })
    .from(users)
    .where(sql`${users.memberNumber} !~ ${CANONICAL_FOR_SURE}`);
  for (const row of odd) {
    const spelled = normalizeMemberNumber(row.memberNumber ?? '') || null;
    if (spelled === row.memberNumber) continue;
    if (spelled !== null) {
      const holders = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.memberNumber, spelled));
      if (holders.length > 0) continue;
    }
    // Nothing visible left: the member gets a number of the format below.
    await tx
      .update(users)
      .set({ memberNumber: spelled, updatedAt: now })
      .where(eq(users.id, row.id));
  }
}

/**
 * Gives every member without a member number the next free one, oldest member first: members
 * created before numbers were automatic get theirs at start-up. Numbers stored in another
 * spelling are respelled first. Returns how many were given.
 */
export async function assignMissingMemberNumbers(
  db: Db,
  format: RegistrationNumberFormat,
  now = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    await respellStoredNumbers(tx, now);
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
