/**
 * The labels of an owner row's fields, typed once (issue 32 §3): the registration form, the
 * rules' messages, the office's transfer form and the change labels read them. The rules'
 * schema (sections/owners.ts) has exactly these keys (its test says so).
 */
export const OWNER_FIELD_LABELS = {
  memberNum: 'Member Number',
  nonMember: 'Not a member',
  name: 'Name',
  address: 'Address',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  country: 'Country',
} as const;

export type OwnerFieldKey = keyof typeof OWNER_FIELD_LABELS;
