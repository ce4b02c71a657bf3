/**
 * The register's own rules that go beyond the form (docs/decisions.md "Register rules"):
 * approved names are unique ignoring case and whitespace, and every owner of record is a
 * member unless a co-owner is marked as not one.
 */

/** The form a name is compared in: lower case, whitespace removed ("Easy Rack" = "easyrack"). */
export function horseNameKey(name: string): string {
  return name.replace(/\s+/g, '').toLowerCase();
}

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
  memberNumberUnknown: 'No member has this member number',
  firstOwnerMustBeMember: 'The first owner must be a member',
  newOwnerNotListed: "The new owner's member number must be one of the owners",
  coOwnerNotMemberNoNumber: 'Leave the member number empty for a co-owner who is not a member',
  paidDeleteWarning: (amount: string) =>
    `This registration was paid (${amount}). Deleting it does not refund the payment: the office handles refunds.`,
} as const;
