import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  MARKING_EXTENSIONS,
  OTHER_REGISTRY_SLOTS,
  PEDIGREE_PARENTS,
  PEDIGREE_SLOTS,
  SIGNATURE_MAX_LENGTH,
  VIDEO_EXTENSIONS,
  VIDEO_MAX_BYTES,
  type PedigreeParent,
  type PedigreeSlot,
} from './constants.js';
import type { ExistingHorseFiles } from './context.js';
import { HORSE_MESSAGES } from './messages.js';

/**
 * The files of a horse, listed once (docs/decisions/0125-file-slots-one-table.md). Every place a file
 * travels is derived from this table: the web form's field (`path`), the multipart part or
 * upload field that carries it (`part`), where the server puts it for the rules (`path` again),
 * the stored row (`horse_files.kind` and `slot`), and where the answer (`Horse`) holds its
 * `FileRef` (`path` again). So a file goes out and comes back at the same path.
 *
 * Zod-free: the registration form reads it as it opens (docs/decisions/0064-zod-off-the-first-paint.md).
 */

/** The stored kinds, in the order of the `horse_files_kind_check` constraint (db/schema.ts). */
export const HORSE_FILE_KINDS = [
  'registrationDocument',
  'performanceDocument',
  'markingDocument',
  'registryPaperwork',
  'pedigreePaperwork',
  'ownerSignature',
] as const;
export type HorseFileKind = (typeof HORSE_FILE_KINDS)[number];

/** The format and size rule a file follows (files.ts judges it). */
export interface FileRule {
  extensions: readonly string[];
  maxBytes: number;
  formatMessage: string;
  sizeMessage: string;
}

const DOCUMENT_RULE: FileRule = {
  extensions: DOCUMENT_EXTENSIONS,
  maxBytes: DOCUMENT_MAX_BYTES,
  formatMessage: HORSE_MESSAGES.documentFormat,
  sizeMessage: HORSE_MESSAGES.documentTooLarge,
};

export const FILE_RULES = {
  document: DOCUMENT_RULE,
  paperwork: { ...DOCUMENT_RULE, formatMessage: HORSE_MESSAGES.paperworkFormat },
  marking: { ...DOCUMENT_RULE, extensions: MARKING_EXTENSIONS },
  video: {
    extensions: VIDEO_EXTENSIONS,
    maxBytes: VIDEO_MAX_BYTES,
    formatMessage: HORSE_MESSAGES.videoFormat,
    sizeMessage: HORSE_MESSAGES.videoTooLarge,
  },
  // A drawn signature arrives as a data URL (checks.ts stores it as a PNG or JPEG file).
  signature: {
    extensions: ['png', 'jpg'],
    maxBytes: SIGNATURE_MAX_LENGTH,
    formatMessage: HORSE_MESSAGES.signatureInvalid,
    sizeMessage: HORSE_MESSAGES.signatureTooLarge,
  },
} as const satisfies Record<string, FileRule>;
export type FileRuleName = keyof typeof FILE_RULES;

/** Where one file of a kind lives: its stored slot, its field path and its request part. */
interface FilePlace {
  /** `horse_files.slot`: '' for a kind with one place; multiple kinds number their rows. */
  slot: string;
  /** The dotted path in the form's values, the rules' input, `fields` of a 400 and `Horse`. */
  path: string;
  /** The multipart part (and resumable upload field) that carries it (spec §3.1, §7.1). */
  part: string;
}

interface FileKindSpec {
  rule: FileRuleName;
  /** Several files in one field (a list in the form and the answer), one part name repeated. */
  multiple: boolean;
  /**
   * Sent as a text part (a data URL) when registering, never as a file or an upload; the edit
   * ignores it. Stored and answered like every other file.
   */
  drawn?: true;
  /** In every member's view of a horse (`PublicHorse`, the registry search), not only its owner's. */
  public?: true;
  /**
   * Required, and kept by an edit: a registration must send it, an edit of a horse with one
   * stored may leave it out (the server keeps a stored file no part replaces). The edit rules
   * are told which are stored (`storedRequiredFiles`). The drawn signature is required when
   * registering too, but an edit never asks for it.
   */
  requiredUnlessStored?: true;
  /** How a changed file of this kind reads to the office (admin/change-labels.ts). */
  label: string;
  /** The form's name of the field (its file input's label); a drawn file has its own pad. */
  formLabel: string;
  places: readonly FilePlace[];
}

/** A kind with one place, whose path and part are the same name. */
const at = (name: string): FilePlace[] => [{ slot: '', path: name, part: name }];

export function registryPaperworkField(index: number): string {
  return `registryPaperwork${index}`;
}

export function pedigreePaperworkField(parent: PedigreeParent, slot: PedigreeSlot): string {
  return `${parent}RegistrationPaperwork${PEDIGREE_SLOTS.indexOf(slot)}`;
}

/** The pedigree place of a paperwork row ('sire', 'sire.grand_dam'). */
function pedigreePlace(parent: PedigreeParent, slot: PedigreeSlot): string {
  return slot === 'parent' ? parent : `${parent}.${slot}`;
}

/**
 * The table. `Record<HorseFileKind, …>`: a kind added to HORSE_FILE_KINDS without its entry
 * (or the other way round) does not compile. Entries are in HORSE_FILE_KINDS order.
 */
export const HORSE_FILE_KIND_SPECS: Readonly<Record<HorseFileKind, FileKindSpec>> = {
  registrationDocument: {
    rule: 'document',
    multiple: false,
    requiredUnlessStored: true,
    label: 'Registration document',
    formLabel: 'Horse Registration Document',
    places: at('registrationDocument'),
  },
  performanceDocument: {
    rule: 'video',
    multiple: false,
    label: 'Performance video',
    formLabel: 'Performance Video Upload',
    places: at('performanceDocument'),
  },
  markingDocument: {
    rule: 'marking',
    multiple: true,
    public: true,
    requiredUnlessStored: true,
    label: 'Marking photo',
    formLabel: 'Horse Marking Documents',
    places: [{ slot: '', path: 'markingDocuments', part: 'markingDocuments' }],
  },
  registryPaperwork: {
    rule: 'paperwork',
    multiple: false,
    label: 'Other registry paperwork',
    formLabel: 'Registry Paperwork',
    places: Array.from({ length: OTHER_REGISTRY_SLOTS }, (_, index) => ({
      slot: String(index),
      path: `otherRegistries.${index}.registryPaperwork`,
      part: registryPaperworkField(index),
    })),
  },
  pedigreePaperwork: {
    rule: 'paperwork',
    multiple: false,
    label: 'Pedigree paperwork',
    formLabel: 'Paperwork',
    places: PEDIGREE_PARENTS.flatMap((parent) =>
      PEDIGREE_SLOTS.map((slot) => ({
        slot: pedigreePlace(parent, slot),
        path: `${pedigreePlace(parent, slot)}.paperwork`,
        part: pedigreePaperworkField(parent, slot),
      })),
    ),
  },
  ownerSignature: {
    rule: 'signature',
    multiple: false,
    drawn: true,
    label: 'Owner signature',
    formLabel: 'Owner Signature',
    places: at('ownerSignature'),
  },
};

/** One place a file may be: its kind's facts with its own slot, path and part. */
export interface HorseFileSlot extends FilePlace {
  kind: HorseFileKind;
  rule: FileRuleName;
  multiple: boolean;
  drawn: boolean;
  requiredUnlessStored: boolean;
  formLabel: string;
}

/** Every place, in HORSE_FILE_KINDS order (the order a request sends its files in). */
export const HORSE_FILE_SLOTS: readonly HorseFileSlot[] = HORSE_FILE_KINDS.flatMap((kind) => {
  const { rule, multiple, drawn, requiredUnlessStored, formLabel, places } =
    HORSE_FILE_KIND_SPECS[kind];
  return places.map((place) => ({
    kind,
    rule,
    multiple,
    drawn: drawn === true,
    requiredUnlessStored: requiredUnlessStored === true,
    formLabel,
    ...place,
  }));
});

/** The places sent as files (multipart parts or resumable uploads): all but the drawn ones. */
export const UPLOADED_FILE_SLOTS: readonly HorseFileSlot[] = HORSE_FILE_SLOTS.filter(
  (slot) => !slot.drawn,
);

/** The places a registration requires a file at and an edit keeps a stored one of. */
export const REQUIRED_FILE_SLOTS: readonly HorseFileSlot[] = HORSE_FILE_SLOTS.filter(
  (slot) => slot.requiredUnlessStored,
);

/**
 * What the edit rules are told is already stored (`hasExistingFiles`): for each required place,
 * by its path, whether `isStored` says a file there stands for one the edit leaves out.
 */
export function storedRequiredFiles(
  isStored: (slot: HorseFileSlot) => boolean,
): ExistingHorseFiles {
  return Object.fromEntries(REQUIRED_FILE_SLOTS.map((slot) => [slot.path, isStored(slot)]));
}

/** The places of files every member sees (the marking photos). */
export const PUBLIC_FILE_SLOTS: readonly HorseFileSlot[] = HORSE_FILE_SLOTS.filter((slot) =>
  isPublicFileKind(slot.kind),
);

export function isPublicFileKind(kind: HorseFileKind): boolean {
  return HORSE_FILE_KIND_SPECS[kind].public === true;
}

/** The stored kinds every member sees (public-record.ts reads only these rows). */
export const PUBLIC_FILE_KINDS: readonly HorseFileKind[] =
  HORSE_FILE_KINDS.filter(isPublicFileKind);

const BY_PART = new Map(UPLOADED_FILE_SLOTS.map((slot) => [slot.part, slot]));
const BY_PATH = new Map(HORSE_FILE_SLOTS.map((slot) => [slot.path, slot]));

/** The uploaded file place a part (or upload field) names, or undefined. */
export function fileSlotOfPart(part: string): HorseFileSlot | undefined {
  return BY_PART.get(part);
}

/** The file place at a form path ('sire.grand_dam.paperwork'), or undefined. */
export function fileSlotAt(path: string): HorseFileSlot | undefined {
  return BY_PATH.get(path);
}

/** The file place of a stored row (its kind and slot; a multiple kind's rows share one place). */
export function fileSlotOfRow(kind: HorseFileKind, slot: string): HorseFileSlot | undefined {
  return HORSE_FILE_SLOTS.find(
    (place) => place.kind === kind && (place.multiple || place.slot === slot),
  );
}

/** The first place of a kind (the one place of a kind with one, or of a multiple kind). */
export function firstPlaceOf(kind: HorseFileKind): HorseFileSlot {
  const place = HORSE_FILE_SLOTS.find((candidate) => candidate.kind === kind);
  // Unreachable while every kind lists a place (the table's test holds it).
  if (!place) throw new Error(`The files' table has no place for ${kind}`);
  return place;
}

/** The file input's `accept` of a rule: its extensions ('.pdf,.doc,…'). */
export function fileAccept(rule: FileRuleName): string {
  return FILE_RULES[rule].extensions.map((extension) => `.${extension}`).join(',');
}

/** How a changed file of a kind reads to the office; the kind itself when unknown. */
export function fileKindLabel(kind: string): string {
  return (HORSE_FILE_KIND_SPECS as Partial<Record<string, FileKindSpec>>)[kind]?.label ?? kind;
}

/**
 * Puts `value` at a dotted file path of `target`, only where the path's container already
 * exists (an answer lists only the registries stored; a request's JSON sets the sections).
 * With `create`, missing containers are made on the way (array slots for registries), as a
 * request's file parts do.
 */
export function putAtPath(
  target: Record<string, unknown>,
  path: string,
  value: unknown,
  { create = false } = {},
): void {
  const keys = path.split('.');
  let node: unknown = target;
  for (const [i, key] of keys.entries()) {
    const last = i === keys.length - 1;
    if (Array.isArray(node)) {
      const index = Number(key);
      if (!Number.isInteger(index) || index < 0) return;
      if (node.length <= index && !create) return;
      while (node.length <= index) node.push({});
      if (last) node[index] = value;
      else node = node[index];
    } else if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>;
      if (last) record[key] = value;
      else node = record[key];
    } else {
      // The section around this file is absent or malformed: nothing to put it in.
      return;
    }
  }
}

/** The value at a dotted path, or undefined. */
export function valueAtPath(source: unknown, path: string): unknown {
  let node: unknown = source;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
