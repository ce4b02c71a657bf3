/**
 * The register's own rules that go beyond the form
 * (docs/decisions/0050-unique-names-and-registry-member-numbers.md):
 * approved names are unique ignoring case and whitespace, and every owner of record is a
 * member unless a co-owner is marked as not one.
 */

/** The form a name is compared in: lower case, whitespace removed ("Easy Rack" = "easyrack"). */
export function horseNameKey(name: string): string {
  return name.replace(/\s+/g, '').toLowerCase();
}

/**
 * The form an owner's name is compared in with the name on a member's record (docs/api.md
 * "Owners and member numbers"): compatibility forms folded (NFKC), accents dropped, invisible
 * characters removed, lower case, and every run of anything but letters and digits one space.
 * "José  O'Brien" and "jose o brien" are one name; "Jose A. O'Brien" is not (a middle name or
 * initial the record does not have is a different name).
 */
export function personNameKey(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\p{M}\p{Default_Ignorable_Code_Point}]/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Whether a typed owner name is the name of the member on record: first name then last name,
 * or last name then first ("Rider, Ada"), each compared by personNameKey.
 */
export function ownerNameMatches(typed: string, firstName: string, lastName: string): boolean {
  const key = personNameKey(typed);
  if (key === '') return false;
  const first = personNameKey(firstName);
  const last = personNameKey(lastName);
  return [`${first} ${last}`, `${last} ${first}`].some((candidate) => candidate.trim() === key);
}

/** What GET owners/member-check answers: nothing else about the member is said. */
export const OWNER_CHECK_RESULTS = ['match', 'no-match', 'unknown'] as const;
export type OwnerCheckResult = (typeof OWNER_CHECK_RESULTS)[number];

/** One name choice and whether an approved horse already carries it. */
export interface NameAvailability {
  name: string;
  taken: boolean;
}

export const REGISTER_RULE_MESSAGES = {
  nameTaken: 'This name is already registered; choose another',
  approvedNameTaken: 'An approved horse already carries this name; choose one of the free names',
  allNamesTaken:
    'All three name choices are already registered; reject the registration so the member can choose other names',
  nameTakenMeanwhile: 'This name was approved for another horse a moment ago; choose another',
  memberNumberUnknown: 'No active member has this member number',
  ownerNameMismatch:
    "This member number is not held by a member of that name: check the number, and type the owner's name as on their membership",
  /** A choice an approved horse already carries (docs/api.md "Horse names"). */
  nameChoiceTaken: (name: string) => `${name.trim()} is already registered; choose another name`,
  /** A choice that repeats an earlier one, compared like horseNameKey. */
  nameChoiceRepeated: (earlier: string) =>
    `The same name as the ${earlier}: give three different names`,
  firstOwnerMustBeMember: 'The first owner must be a member',
  newOwnerNotListed: "The new owner's member number must be one of the owners",
  coOwnerNotMemberNoNumber: 'Leave the member number empty for a co-owner who is not a member',
  paidDeleteWarning: (amount: string) =>
    `This registration was paid (${amount}). Deleting it does not refund the payment: the office handles refunds.`,
} as const;
