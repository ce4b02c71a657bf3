import {
  BREEDING_MARE_PART,
  DRAFT_ID_PART,
  DOCUMENT_MAX_BYTES,
  HORSE_JSON_PARTS,
  HORSE_MESSAGES,
  HORSE_TEXT_PARTS,
  KEEP_MARKINGS_PART,
  NAME_CHOICE_PARTS,
  OTHER_REGISTRY_SLOTS,
  PEDIGREE_PARENTS,
  PEDIGREE_SLOTS,
  UPLOAD_FIELDS,
  UPLOAD_IDS_PART,
  VIDEO_MAX_BYTES,
  pedigreePaperworkField,
  registryPaperworkField,
} from '@registry/domain';
import type { HorseFileKind } from '../../db/schema.js';

/**
 * The multipart vocabulary of the register and edit requests (docs/api.md): which part names
 * are text, JSON or files, and for each file part where it goes. Anything else is refused, so a
 * typo in a client shows up at once instead of silently dropping data.
 */

export type FormMode = 'register' | 'edit';

/** Where a file part goes and which rule it follows. */
export interface FilePartSpec {
  kind: HorseFileKind;
  /** Tells files of one kind apart in `horse_files.slot` (marking documents get their index). */
  slot: string;
  /** The field path the domain schema reports on, and the key of `fields` in a 400 answer. */
  path: string;
  maxBytes: number;
  multiple: boolean;
  /** Said when the bytes are not what the name claims. */
  formatMessage: string;
}

const TEXT_FIELDS = new Set<string>([...HORSE_TEXT_PARTS, 'checkedOwnerInfo']);
// draftId: the draft the registration completes, removed with it (modules/drafts).
const REGISTER_ONLY_TEXT = new Set<string>([...NAME_CHOICE_PARTS, 'ownerSignature', DRAFT_ID_PART]);

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

const document = {
  maxBytes: DOCUMENT_MAX_BYTES,
  multiple: false,
  formatMessage: HORSE_MESSAGES.documentFormat,
};
const paperwork = { ...document, formatMessage: HORSE_MESSAGES.paperworkFormat };

function buildFileParts(): Map<string, FilePartSpec> {
  const parts = new Map<string, FilePartSpec>();
  parts.set(UPLOAD_FIELDS.registrationDocument, {
    ...document,
    kind: 'registrationDocument',
    slot: '',
    path: 'registrationDocument',
  });
  parts.set(UPLOAD_FIELDS.markingDocuments, {
    ...document,
    kind: 'markingDocument',
    slot: '',
    path: 'markingDocuments',
    multiple: true,
  });
  parts.set(UPLOAD_FIELDS.performanceDocument, {
    kind: 'performanceDocument',
    slot: '',
    path: 'performanceDocument',
    maxBytes: VIDEO_MAX_BYTES,
    multiple: false,
    formatMessage: HORSE_MESSAGES.videoFormat,
  });
  for (let i = 0; i < OTHER_REGISTRY_SLOTS; i += 1) {
    parts.set(registryPaperworkField(i), {
      ...paperwork,
      kind: 'registryPaperwork',
      slot: String(i),
      path: `otherRegistries.${i}.registryPaperwork`,
    });
  }
  for (const parent of PEDIGREE_PARENTS) {
    for (const slot of PEDIGREE_SLOTS) {
      const place = slot === 'parent' ? parent : `${parent}.${slot}`;
      parts.set(pedigreePaperworkField(parent, slot), {
        ...paperwork,
        kind: 'pedigreePaperwork',
        slot: place,
        path: `${place}.paperwork`,
      });
    }
  }
  return parts;
}

const FILE_PARTS = buildFileParts();

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
