import {
  DETAILS_TEXT_KEYS,
  MEMBER_COLUMN_KEYS,
  OWNER_TEXT_KEYS,
  PEDIGREE_ANCESTORS,
  PEDIGREE_PARENTS,
  PUBLIC_TEXT_KEYS,
  textsOf,
  MARKING_DESCRIPTION_KEYS,
  type DetailsTextKey,
  type HorseEdit,
  type HorseTextKey,
  type PedigreeParent,
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
      const key = `${file.kind}:${file.slot}`;
      const ref = {
        id: file.id,
        name: file.originalName,
        mime: file.mime,
        size: file.size,
        url: signer.url(file.id),
      };
      this.refs.set(key, [...(this.refs.get(key) ?? []), ref]);
    }
  }

  one(kind: HorseFileRow['kind'], slot = ''): FileRef | null {
    return this.refs.get(`${kind}:${slot}`)?.[0] ?? null;
  }

  markings(): FileRef[] {
    return [...this.refs.entries()]
      .filter(([key]) => key.startsWith('markingDocument:'))
      .flatMap(([, refs]) => refs);
  }
}

function parentWithPaperwork(stored: StoredParent, parent: PedigreeParent, files: FileIndex) {
  const paper = (slot: string) => files.one('pedigreePaperwork', slot);
  const result = { ...stored, paperwork: paper(parent) } as Horse['sire'];
  for (const ancestor of PEDIGREE_ANCESTORS) {
    result[ancestor] = { ...stored[ancestor], paperwork: paper(`${parent}.${ancestor}`) };
  }
  return result;
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

function sharedView(row: HorseRow, files: FileIndex) {
  const d = row.details;
  return {
    _id: row.id,
    approvedName: row.approvedName,
    registrationNum: row.registrationNumber,
    ...storedTexts(row, PUBLIC_TEXT_KEYS),
    othermarkings: d.othermarkings,
    markingDocuments: files.markings(),
    approvalStatus: row.approvalStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The owner's full view of a horse. */
export function toHorse(
  row: HorseRow,
  fileRows: HorseFileRow[],
  signer: UrlSigner,
  paymentIntentId: string | null = null,
  pendingChange: PendingChange | null = null,
  feesPaid: string[] = [],
): Horse {
  const files = new FileIndex(fileRows, signer, row);
  const d = row.details;
  const [sire, dam] = PEDIGREE_PARENTS.map((parent) =>
    parentWithPaperwork(d[parent], parent, files),
  ) as [Horse['sire'], Horse['dam']];
  return {
    ...sharedView(row, files),
    ownerId: row.ownerId,
    ...storedTexts(row, OWNER_TEXT_KEYS),
    ownerType: d.ownerType,
    owners: d.owners,
    checkedOwnerInfo: d.checkedOwnerInfo,
    otherRegistries: d.otherRegistries.map((r, i) => ({
      ...r,
      registryPaperwork: files.one('registryPaperwork', String(i)),
    })),
    sire,
    dam,
    registrationDocument: files.one('registrationDocument'),
    performanceDocument: files.one('performanceDocument'),
    ownerSignature: files.one('ownerSignature'),
    paymentStatus: row.paymentStatus,
    paymentMode: row.paymentMode,
    paymentIntentId,
    feesPaid,
    rejectionReason: row.rejectionReason,
    pendingChange,
  };
}

/** What any member searching the registry sees: marking photos, names, no papers or addresses. */
export function toPublicHorse(
  row: HorseRow,
  fileRows: HorseFileRow[],
  signer: UrlSigner,
): PublicHorse {
  const markings = fileRows.filter((file) => file.kind === 'markingDocument');
  const d = row.details;
  return {
    ...sharedView(row, new FileIndex(markings, signer, row)),
    owners: d.owners.map((owner) => ({ name: owner.name })),
    otherRegistries: d.otherRegistries,
    sire: d.sire,
    dam: d.dam,
  };
}
