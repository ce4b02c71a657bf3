/**
 * An owner row's fields, typed once (issue 32 §3): their labels (the registration form, the
 * rules' messages, the office's transfer form and the change labels read them) and their keys
 * (the answer's owner, the form's empty owner and an edit's owner values, the record view, the
 * profile's prefill, what an owner may change without the office). The rules' schema
 * (sections/owners.ts) has exactly these keys (its test says so).
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

/** Every field of an owner row, in the table's order. */
export const OWNER_FIELD_KEYS = Object.keys(OWNER_FIELD_LABELS) as OwnerFieldKey[];

/**
 * How each field is held. `text`: typed, stored and answered as a string ('' when empty), so
 * derived consumers carry it without naming it. The two others are read by name where they
 * are used: `country` is chosen (one option) and absent on rows stored before it existed
 * (`countryOf`), `flag` is the non-member tick, stored only when set. `Record<OwnerFieldKey, …>`:
 * a field added to the labels without its kind does not compile.
 */
export const OWNER_FIELD_KINDS = {
  memberNum: 'text',
  nonMember: 'flag',
  name: 'text',
  address: 'text',
  city: 'text',
  state: 'text',
  zip: 'text',
  country: 'country',
} as const satisfies Record<OwnerFieldKey, 'text' | 'country' | 'flag'>;

/** The owner row's text fields (not the horse's owner-only text fields, stored-fields.ts). */
export type OwnerRowTextKey = {
  [K in OwnerFieldKey]: (typeof OWNER_FIELD_KINDS)[K] extends 'text' ? K : never;
}[OwnerFieldKey];

export const OWNER_ROW_TEXT_KEYS: readonly OwnerRowTextKey[] = OWNER_FIELD_KEYS.filter(
  (key): key is OwnerRowTextKey => OWNER_FIELD_KINDS[key] === 'text',
);

/**
 * The postal address, a subset named once: what an owner may change on an approved horse
 * without the office (docs/decisions/0031-approved-records-change-through-the-office.md), what a
 * member's profile fills in and what a transfer asks the office for when the profile lacks it
 * (the profile's fields have the same names).
 */
export const OWNER_ADDRESS_KEYS = [
  'address',
  'city',
  'state',
  'zip',
] as const satisfies readonly OwnerRowTextKey[];
export type OwnerAddressKey = (typeof OWNER_ADDRESS_KEYS)[number];
