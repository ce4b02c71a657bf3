import { COMMON_TEXT_KEYS, NAME_CHOICE_KEYS, type CommonTextKey } from './stored-fields.js';

/**
 * The part names of the files with one place each, for tests and tools that send one by name.
 * Every file part, with where it goes, is in the files' table (file-slots.ts); pedigree and
 * registry paperwork names come from `pedigreePaperworkField` and `registryPaperworkField` there.
 */
export const UPLOAD_FIELDS = {
  registrationDocument: 'registrationDocument',
  performanceDocument: 'performanceDocument',
  markingDocuments: 'markingDocuments',
} as const;

/**
 * Plain text parts of the registration and edit requests (spec §7.1), in sending order: the
 * text fields of every mode from the sections' tables (stored-fields.ts), and the owner type.
 */
export const HORSE_TEXT_PARTS: ReadonlyArray<CommonTextKey | 'ownerType'> = [
  ...COMMON_TEXT_KEYS,
  'ownerType',
];

/** The three name choices: register only, hidden in edit mode. */
export const NAME_CHOICE_PARTS = NAME_CHOICE_KEYS;

/** Parts sent as JSON text: the nested sections of spec §3.1. */
export const HORSE_JSON_PARTS = [
  'sire',
  'dam',
  'othermarkings',
  'otherRegistries',
  'owners',
] as const;
