import type { z } from 'zod';
import {
  BREEDING_FIELDS,
  DNA_FIELDS,
  MARKINGS_FIELDS,
  NAME_CHOICE_FIELDS,
  REGISTRATION_FIELDS,
  type StoredTextField,
  type StoredTextFields,
} from './text-field-tables.js';

/**
 * What a section's shape function must return: one rule for each field of its table and for the
 * keys it holds otherwise (`Other`: files, nested objects, values the registry assigns). The
 * shapes say `satisfies ShapeOf<...>`, so a field added to the rules but not to the table (or
 * the other way round) fails the type check.
 */
export type ShapeOf<T extends StoredTextFields, Other extends string = never> = {
  [K in keyof T | Other]: z.ZodType;
};

/**
 * Fields of every mode, in form order (spec §2.6). The answers list them in this order, public
 * ones first (contract/horse.ts).
 */
const COMMON_TEXT_FIELDS = {
  ...REGISTRATION_FIELDS,
  ...BREEDING_FIELDS,
  ...DNA_FIELDS,
  ...MARKINGS_FIELDS,
} as const;

/** Every stored text field; the name choices (register only) sit where the form shows them. */
export const HORSE_TEXT_FIELDS = {
  ...REGISTRATION_FIELDS,
  ...BREEDING_FIELDS,
  ...NAME_CHOICE_FIELDS,
  ...DNA_FIELDS,
  ...MARKINGS_FIELDS,
} as const;

type AllFields = typeof HORSE_TEXT_FIELDS;
export type HorseTextKey = keyof AllFields;
type KeysWhere<T, Flag extends keyof StoredTextField> = {
  [K in keyof T]: T[K] extends Record<Flag, true> ? K : never;
}[keyof T];
type KeysWithout<T, Flag extends keyof StoredTextField> = Exclude<keyof T, KeysWhere<T, Flag>>;

/** Sent by the register and the edit form; the member may change them (office ones aside). */
export type CommonTextKey = keyof typeof COMMON_TEXT_FIELDS;
/** Register only. */
export type NameChoiceKey = keyof typeof NAME_CHOICE_FIELDS;
export type PublicTextKey = KeysWhere<AllFields, 'public'>;
export type OwnerTextKey = KeysWithout<AllFields, 'public'>;
/** The keys of `horses.details` that are plain text. */
export type DetailsTextKey = KeysWithout<typeof COMMON_TEXT_FIELDS, 'column'>;
/** The columns an accepted registration or edit writes (the office's ones are not). */
export type MemberColumnKey = Exclude<
  KeysWhere<typeof COMMON_TEXT_FIELDS, 'column'>,
  KeysWhere<AllFields, 'office'>
>;

function keysWhere<K extends string>(
  fields: Readonly<Record<string, StoredTextField>>,
  test: (field: StoredTextField) => boolean,
): readonly K[] {
  return Object.keys(fields).filter((key) => test(fields[key]!)) as K[];
}

export const HORSE_TEXT_KEYS = keysWhere<HorseTextKey>(HORSE_TEXT_FIELDS, () => true);
export const COMMON_TEXT_KEYS = keysWhere<CommonTextKey>(COMMON_TEXT_FIELDS, () => true);
export const NAME_CHOICE_KEYS = keysWhere<NameChoiceKey>(NAME_CHOICE_FIELDS, () => true);
export const PUBLIC_TEXT_KEYS = keysWhere<PublicTextKey>(
  HORSE_TEXT_FIELDS,
  (f) => f.public === true,
);
export const OWNER_TEXT_KEYS = keysWhere<OwnerTextKey>(HORSE_TEXT_FIELDS, (f) => f.public !== true);
export const DETAILS_TEXT_KEYS = keysWhere<DetailsTextKey>(
  COMMON_TEXT_FIELDS,
  (f) => f.column !== true,
);
export const MEMBER_COLUMN_KEYS = keysWhere<MemberColumnKey>(
  COMMON_TEXT_FIELDS,
  (f) => f.column === true && f.office !== true,
);

/** One field's description, whichever section declares it. */
export function textField(key: HorseTextKey): StoredTextField {
  return HORSE_TEXT_FIELDS[key];
}

/** "Bred by" -> "Bred By"; "DNA case" -> "DNA Case". */
const capitalised = (label: string): string =>
  label.replace(/(^|\s)(\S)/g, (_, space: string, first: string) => space + first.toUpperCase());

/**
 * A field's name on the form and in its rules' messages: its table's `formLabel`, else its
 * record label with each word capitalised. The form's inputs, the rules and their messages read
 * it, so the table is the one place a label is typed.
 */
export function formLabelOf(key: HorseTextKey): string {
  const field = textField(key);
  return field.formLabel ?? capitalised(field.label);
}

/** '' for each key: form defaults, and test fixtures that should not list every field. */
export function emptyTexts<K extends string>(keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, ''])) as Record<K, string>;
}

/** `source`'s text for each key, '' where it has none (a record saved before the field existed). */
export function textsOf<K extends string>(
  keys: readonly K[],
  source: Partial<Record<K, string | null | undefined>>,
): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, source[key] ?? ''])) as Record<K, string>;
}
