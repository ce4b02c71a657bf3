import { and, eq, inArray } from 'drizzle-orm';
import {
  REGISTER_RULE_MESSAGES,
  normalizeMemberNumber,
  ownerNameMatches,
  type OwnerCheckResult,
} from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';

interface OwnerLike {
  memberNum?: unknown;
  nonMember?: unknown;
  name?: unknown;
}

interface MemberOnRecord {
  key: string | null;
  firstName: string | null;
  lastName: string | null;
}

/** The active members holding these numbers (already in their one spelling). */
async function activeMembersByNumber(
  db: Executor,
  keys: readonly string[],
): Promise<Map<string, MemberOnRecord>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: users.memberNumber, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.role, 'member'),
        eq(users.active, true),
        inArray(users.memberNumber, [...new Set(keys)]),
      ),
    );
  return new Map(rows.map((row) => [row.key ?? '', row]));
}

function judge(member: MemberOnRecord | undefined, typedName: string): OwnerCheckResult {
  if (!member) return 'unknown';
  return ownerNameMatches(typedName, member.firstName ?? '', member.lastName ?? '')
    ? 'match'
    : 'no-match';
}

/**
 * Whether a member number belongs to an active member and the typed name is that member's
 * (GET owners/member-check, docs/api.md "Owners and member numbers"). Answers nothing else: the
 * form of one member must not learn another's name or address.
 */
export async function checkOwnerMember(
  db: Executor,
  memberNum: string,
  name: string,
): Promise<OwnerCheckResult> {
  const key = normalizeMemberNumber(memberNum);
  if (key === '') return 'unknown';
  return judge((await activeMembersByNumber(db, [key])).get(key), name);
}

/**
 * Every owner's member number must belong to an active member, and the owner's name must be
 * that member's (docs/decisions/0050-unique-names-and-registry-member-numbers.md, docs/api.md
 * "Owners and member numbers"); only a co-owner marked as not a member is exempt (the domain schema
 * already requires such a row to carry no number). Numbers are compared in their one spelling
 * (normalizeMemberNumber: case, invisible characters, full-width forms), as stored; names by
 * ownerNameMatches. Returns field errors on the owner's member number (`owners.1.memberNum`), empty
 * when all hold.
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
    const name = typeof owner.name === 'string' ? owner.name : '';
    return key ? [{ index, key, name }] : [];
  });
  if (claimed.length === 0) return {};
  const members = await activeMembersByNumber(
    db,
    claimed.map((c) => c.key),
  );
  const problems: Record<string, string> = {};
  for (const { index, key, name } of claimed) {
    const result = judge(members.get(key), name);
    if (result === 'match') continue;
    problems[`owners.${index}.memberNum`] =
      result === 'unknown'
        ? REGISTER_RULE_MESSAGES.memberNumberUnknown
        : REGISTER_RULE_MESSAGES.ownerNameMismatch;
  }
  return problems;
}
