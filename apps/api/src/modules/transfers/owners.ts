import {
  DEFAULT_COUNTRY,
  OWNER_ADDRESS_KEYS,
  type Owner,
  type OwnerAddressKey,
  type OwnerType,
  type TransferHorseInput,
} from '@registry/domain';
import type { UserRow } from '../../db/schema.js';
import { fullName } from '../horse-repository/index.js';

/**
 * One owner of record made from a member's profile. A profile may lack an address: the row then
 * carries blanks that the horse's next edit asks for (the form requires them), rather than
 * keeping the previous owner's address.
 */
export function ownerFromMember(member: UserRow): Owner {
  return {
    memberNum: member.memberNumber ?? '',
    name: fullName(member) || member.email,
    // The postal address of the owners' table (domain horse/owner-fields.ts): the profile's
    // fields of the same names (the state is checked when the profile is saved).
    ...(Object.fromEntries(OWNER_ADDRESS_KEYS.map((key) => [key, member[key] ?? ''])) as Pick<
      Owner,
      OwnerAddressKey
    >),
    country: DEFAULT_COUNTRY,
  };
}

/** The owners of record after a transfer: the new owner, then the co-owner of a joint one. */
export function ownersAfterTransfer(
  input: Pick<TransferHorseInput, 'ownerType' | 'coOwner'>,
  newOwner: UserRow,
  coOwnerMember: UserRow | undefined,
): { ownerType: OwnerType; owners: Owner[] } {
  const first = ownerFromMember(newOwner);
  if (input.ownerType !== 'Joint') return { ownerType: 'Single', owners: [first] };
  const second: Owner = coOwnerMember
    ? ownerFromMember(coOwnerMember)
    : { memberNum: '', nonMember: true, ...input.coOwner! };
  return { ownerType: 'Joint', owners: [first, second] };
}

/** Names and member numbers only: what the history keeps of who owned the horse. */
export function ownerNames(owners: readonly Owner[]): Array<{ name: string; memberNum: string }> {
  return owners.map((owner) => ({ name: owner.name, memberNum: owner.memberNum }));
}
