import {
  DETAILS_TEXT_KEYS,
  MEMBER_COLUMN_KEYS,
  OWNER_TEXT_KEYS,
  HORSE_FILE_SLOTS,
  PUBLIC_FILE_SLOTS,
  PUBLIC_TEXT_KEYS,
  fileSlotOfRow,
  isPublicFileKind,
  putAtPath,
  textsOf,
  MARKING_DESCRIPTION_KEYS,
  type DetailsTextKey,
  type HorseEdit,
  type HorseTextKey,
  type HorseFileSlot,
  type FileRef,
  type Horse,
  type PublicHorse,
} from '@registry/domain';
import type { HorseDetails, StoredAncestor, StoredParent } from '../../db/horse-details.js';
import type { HorseFileRow, HorseRow } from '../../db/schema.js';
import { horseFileScope, type UrlSigner } from '../files/index.js';
import type { PendingChange } from '../change-requests/index.js';

/** Between the domain schema's output, the table's columns and JSONB, and the API's answer. */

type ParsedAncestor = HorseEdit['sire']['grand_sire'];

const text = (value: string | null | undefined): string => value ?? '';

function storedAncestor(a: ParsedAncestor): StoredAncestor {
  return {
    name: text(a.name),
    reg: text(a.reg),
    otherRegName: text(a.otherRegName),
    otherRegNum: text(a.otherRegNum),
  };
}

function storedParent(p: HorseEdit['sire']): StoredParent {
  return {
    ...storedAncestor(p),
    grand_sire: storedAncestor(p.grand_sire),
    grand_dam: storedAncestor(p.grand_dam),
    great_grand_sire: storedAncestor(p.great_grand_sire),
    great_grand_dam: storedAncestor(p.great_grand_dam),
  };
}

/**
 * The columns and details of an accepted registration or edit (files are stored apart). Plain
 * text fields are copied by the sections' tables (packages/domain/src/horse/stored-fields.ts):
 * the member's columns to their columns, the rest into details; optional text becomes ''.
 */
export function recordOf(parsed: HorseEdit) {
  const details: HorseDetails = {
    ...textsOf(DETAILS_TEXT_KEYS, parsed),
    // A date left over from DNA "Yes" means nothing once the answer is "No".
    DNA_TEST_DATE: parsed.DNA === 'Yes' ? text(parsed.DNA_TEST_DATE) : '',
    otherRegistries: parsed.otherRegistries.map((r) => ({
      registryName: text(r.registryName),
      registryNumber: text(r.registryNumber),
    })),
    sire: storedParent(parsed.sire),
    dam: storedParent(parsed.dam),
    othermarkings: textsOf(MARKING_DESCRIPTION_KEYS, parsed.othermarkings),
    ownerType: parsed.ownerType,
    owners: parsed.owners,
    checkedOwnerInfo: parsed.checkedOwnerInfo,
  };
  return {
    ...textsOf(MEMBER_COLUMN_KEYS, parsed),
    sireName: details.sire.name,
    damName: details.dam.name,
    details,
  };
}

/**
 * Files of one horse, found by kind and slot, each with a fresh URL signed for the horse's
 * current owner: after a transfer, links handed out before stop working (files/routes.ts).
 */
class FileIndex {
  private readonly refs = new Map<string, FileRef[]>();

  constructor(
    files: HorseFileRow[],
    base: UrlSigner,
    horse: Pick<HorseRow, 'ownerId' | 'ownerEpoch'>,
  ) {
    const signer = base.scoped(horseFileScope(horse.ownerId, horse.ownerEpoch));
    const ordered = [...files].sort((a, b) => Number(a.slot) - Number(b.slot));
    for (const file of ordered) {
      const place = fileSlotOfRow(file.kind, file.slot);
      if (!place) continue;
      const ref = {
        id: file.id,
        name: file.originalName,
        mime: file.mime,
        size: file.size,
        url: signer.url(file.id),
      };
      this.refs.set(place.path, [...(this.refs.get(place.path) ?? []), ref]);
    }
  }

  /** What the answer holds at a file place: its file or null; a multiple place's list. */
  at(place: HorseFileSlot): FileRef | FileRef[] | null {
    const refs = this.refs.get(place.path) ?? [];
    return place.multiple ? refs : (refs[0] ?? null);
  }
}

/**
 * Puts every file of `places` at its path in the answer (the files' table, domain
 * horse/file-slots.ts), the same path the form and the request use: only where the answer has
 * the place's section (an answer lists the registries stored, not four empty ones).
 */
function withFiles<T extends object>(
  answer: T,
  files: FileIndex,
  places: readonly HorseFileSlot[],
): T {
  for (const place of places) {
    putAtPath(answer as Record<string, unknown>, place.path, files.at(place));
  }
  return answer;
}

/** The text fields the tables call columns; `Pick` fails the type check if one is not. */
type ColumnTexts = Pick<HorseRow, Exclude<HorseTextKey, DetailsTextKey>>;

/**
 * Text fields as stored: a column or a key of details (columns and details share no key). A
 * record saved before a field existed has no key for it and answers ''. The answer's schema
 * picks the fields each view shows.
 */
function storedTexts<K extends HorseTextKey>(row: HorseRow, keys: readonly K[]): Record<K, string> {
  const texts: Partial<ColumnTexts & HorseDetails> = { ...row.details, ...row };
  return textsOf(keys, texts);
}

function sharedView(row: HorseRow) {
  const d = row.details;
  return {
    _id: row.id,
    approvedName: row.approvedName,
    registrationNum: row.registrationNumber,
    ...storedTexts(row, PUBLIC_TEXT_KEYS),
    othermarkings: d.othermarkings,
    approvalStatus: row.approvalStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The owner's full view of a horse. Its files are put at their places by the files' table
 * (`withFiles`); the cast below is held by the response schema (the serializer refuses an
 * answer without one of Horse's files) and by file-slots.test.ts.
 */
export function toHorse(
  row: HorseRow,
  fileRows: HorseFileRow[],
  signer: UrlSigner,
  paymentIntentId: string | null = null,
  pendingChange: PendingChange | null = null,
  feesPaid: string[] = [],
): Horse {
  const d = row.details;
  const answer = {
    ...sharedView(row),
    ownerId: row.ownerId,
    ...storedTexts(row, OWNER_TEXT_KEYS),
    ownerType: d.ownerType,
    owners: d.owners,
    checkedOwnerInfo: d.checkedOwnerInfo,
    // Copies: the files are put inside them.
    otherRegistries: d.otherRegistries.map((r) => ({ ...r })),
    sire: structuredClone(d.sire),
    dam: structuredClone(d.dam),
    paymentStatus: row.paymentStatus,
    paymentMode: row.paymentMode,
    paymentIntentId,
    feesPaid,
    rejectionReason: row.rejectionReason,
    pendingChange,
  };
  return withFiles(answer, new FileIndex(fileRows, signer, row), HORSE_FILE_SLOTS) as Horse;
}

/** What any member searching the registry sees: marking photos, names, no papers or addresses. */
export function toPublicHorse(
  row: HorseRow,
  fileRows: HorseFileRow[],
  signer: UrlSigner,
): PublicHorse {
  const d = row.details;
  const answer = {
    ...sharedView(row),
    owners: d.owners.map((owner) => ({ name: owner.name })),
    otherRegistries: d.otherRegistries,
    sire: d.sire,
    dam: d.dam,
  };
  const files = new FileIndex(
    fileRows.filter((file) => isPublicFileKind(file.kind)),
    signer,
    row,
  );
  return withFiles(answer, files, PUBLIC_FILE_SLOTS) as PublicHorse;
}
