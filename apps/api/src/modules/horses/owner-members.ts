import { and, eq, inArray } from 'drizzle-orm';
import { REGISTER_RULE_MESSAGES, normalizeMemberNumber } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';

interface OwnerLike {
  memberNum?: unknown;
  nonMember?: unknown;
}

/**
 * Every owner's member number must belong to a member (docs/decisions.md "Register rules");
 * only a co-owner marked as not a member is exempt (the domain schema already requires such a
 * row to carry no number). Compared in the numbers' one spelling (normalizeMemberNumber: case,
 * invisible characters, full-width forms), as stored. Returns field errors
 * keyed like the form's fields (`owners.1.memberNum`), empty when all are members.
 */
export async function ownerMemberProblems(
  db: Executor,
  parsed: unknown,
): Promise<Record<string, string>> {
  const owners = (parsed as { owners?: unknown }).owners;
  if (!Array.isArray(owners)) return {};
  const claimed = (owners as OwnerLike[]).flatMap((owner, index) => {
    if (owner.nonMember === true || typeof owner.memberNum !== 'string') return [];
    const key = normalizeMemberNumber(owner.memberNum);
    return key ? [{ index, key }] : [];
  });
  if (claimed.length === 0) return {};
  const rows = await db
    .select({ key: users.memberNumber })
    .from(users)
    .where(
      and(
        eq(users.role, 'member'),
        inArray(users.memberNumber, [...new Set(claimed.map((c) => c.key))]),
      ),
    );
  const known = new Set(rows.map((row) => row.key));
  return Object.fromEntries(
    claimed
      .filter((c) => !known.has(c.key))
      .map((c) => [`owners.${c.index}.memberNum`, REGISTER_RULE_MESSAGES.memberNumberUnknown]),
  );
}
