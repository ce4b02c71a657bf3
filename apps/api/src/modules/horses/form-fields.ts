import {
  BREEDING_MARE_PART,
  DRAFT_ID_PART,
  FILE_RULES,
  HORSE_FILE_SLOTS,
  HORSE_JSON_PARTS,
  HORSE_TEXT_PARTS,
  KEEP_MARKINGS_PART,
  NAME_CHOICE_PARTS,
  UPLOAD_IDS_PART,
  UPLOADED_FILE_SLOTS,
  firstPlaceOf,
  type HorseFileKind,
  type HorseFileSlot,
} from '@registry/domain';

/**
 * The multipart vocabulary of the register and edit requests (docs/api.md): which part names
 * are text, JSON or files, and for each file part where it goes. Anything else is refused, so a
 * typo in a client shows up at once instead of silently dropping data.
 */

export type FormMode = 'register' | 'edit';

/** Where a file part goes and which rule it follows. */
export interface FilePartSpec {
  kind: HorseFileKind;
  /** Tells files of one kind apart in `horse_files.slot` (marking documents get their index on insert). */
  slot: string;
  /** The field path the domain schema reports on, and the key of `fields` in a 400 answer. */
  path: string;
  maxBytes: number;
  multiple: boolean;
  /** Said when the bytes are not what the name claims. */
  formatMessage: string;
}

const TEXT_FIELDS = new Set<string>([...HORSE_TEXT_PARTS, 'checkedOwnerInfo']);
// draftId: the draft the registration completes, removed with it (modules/drafts). Drawn files
// (the owner signature) come as text, when registering only.
const DRAWN_FILE_PARTS = HORSE_FILE_SLOTS.filter((place) => place.drawn).map((place) => place.part);
const REGISTER_ONLY_TEXT = new Set<string>([
  ...NAME_CHOICE_PARTS,
  ...DRAWN_FILE_PARTS,
  DRAFT_ID_PART,
]);

export const JSON_FIELDS = new Set<string>(HORSE_JSON_PARTS);

/**
 * Accepted and dropped: the payment section arrives with the payments issue; `registrationNum`
 * and `verified` are the registry's to set (the server overrides them). An edit form may send
 * the register-only parts too; the edit rules do not let them change anything.
 */
const IGNORED = new Set([
  'fees',
  'billingInfo',
  'checkedAgreement',
  'accountHolderSign',
  'registrationNum',
]);

/** The spec's client sends `registrationType[0]` (spec §7.1); the contract says `registrationType`. */
const ALIASES: Readonly<Record<string, string>> = { 'registrationType[0]': 'registrationType' };

export type ValuePart = { kind: 'text' | 'json'; name: string } | { kind: 'ignored' };

/** How to read a non-file part, or undefined when the name is not part of the vocabulary. */
export function valuePart(rawName: string, mode: FormMode): ValuePart | undefined {
  const name = ALIASES[rawName] ?? rawName;
  if (TEXT_FIELDS.has(name)) return { kind: 'text', name };
  if (JSON_FIELDS.has(name)) return { kind: 'json', name };
  // Finished resumable uploads to attach (modules/uploads/attach.ts).
  if (name === UPLOAD_IDS_PART) return { kind: 'json', name };
  // The stored marking photos an edit keeps (edit.ts); a registration has none to keep.
  if (name === KEEP_MARKINGS_PART) return mode === 'edit' ? { kind: 'json', name } : undefined;
  // The reported breeding the owner chose for the foal (modules/breedings/foal-link.ts).
  if (name === BREEDING_MARE_PART) return { kind: 'text', name };
  if (REGISTER_ONLY_TEXT.has(name))
    return mode === 'register' ? { kind: 'text', name } : { kind: 'ignored' };
  if (IGNORED.has(name)) return { kind: 'ignored' };
  return undefined;
}

/** A place of the files' table (packages/domain/src/horse/file-slots.ts) as the save reads it. */
function specOf(place: HorseFileSlot): FilePartSpec {
  const rule = FILE_RULES[place.rule];
  return {
    kind: place.kind,
    slot: place.slot,
    path: place.path,
    maxBytes: rule.maxBytes,
    multiple: place.multiple,
    formatMessage: rule.formatMessage,
  };
}

const FILE_PARTS = new Map(UPLOADED_FILE_SLOTS.map((place) => [place.part, specOf(place)]));

/** The drawn owner signature, sent as a data URL text part and stored as a file (checks.ts). */
export const SIGNATURE_SPEC: FilePartSpec = specOf(firstPlaceOf('ownerSignature'));

/** The rule for a file part, or undefined when the name is not one of ours. */
export function filePart(name: string): FilePartSpec | undefined {
  return FILE_PARTS.get(name);
}

export const FORM_MESSAGES = {
  unknownField: 'Unknown field',
  valueTooLong: 'Value is too long',
  oneFileOnly: 'Only one file can be uploaded here',
  invalidJson: 'Must be valid JSON',
  notMultipart: 'Send the form as multipart/form-data',
  tooManyParts: 'Too many fields or files in one request',
  incomplete: 'The upload did not arrive complete. Please try again.',
} as const;
