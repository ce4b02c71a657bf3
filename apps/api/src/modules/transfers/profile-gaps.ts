import { eq } from 'drizzle-orm';
import { OWNER_ADDRESS_KEYS, type OwnerAddressFill, type OwnerAddressKey } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { recordDone } from '../audit/index.js';

// An owner row's postal address, named in the owners' table; a profile's fields have its names.
const ADDRESS_FIELDS = OWNER_ADDRESS_KEYS;
type AddressField = OwnerAddressKey;

/** The address fields a member's profile lacks: what the transfer dialog asks the office for. */
export function profileGaps(member: Pick<UserRow, AddressField>): AddressField[] {
  return ADDRESS_FIELDS.filter((field) => !member[field]?.trim());
}

/**
 * Completes a member's profile with the address the office typed in the transfer dialog
 * (docs/decisions/0049-transfers-replace-the-owners-of-record.md): only fields the profile lacks
 * are written, so a transfer never overwrites what the member keeps. Returns the profile as it is
 * now.
 */
export async function fillProfileGaps(
  tx: Executor,
  member: UserRow,
  fill: OwnerAddressFill | undefined,
  actor: { userId: string; ip: string | null },
): Promise<UserRow> {
  if (!fill) return member;
  const changes: Partial<Record<AddressField, string>> = {};
  for (const field of profileGaps(member)) {
    const value = fill[field]?.trim();
    if (value) changes[field] = value;
  }
  if (Object.keys(changes).length === 0) return member;
  const [updated] = await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, member.id))
    .returning();
  await recordDone(tx, 'member.edit', actor, member.id, {
    fields: Object.keys(changes),
    via: 'transfer',
  });
  return updated ?? member;
}
