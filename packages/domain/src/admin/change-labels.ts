import { fileKindLabel, fileSlotOfRow, type HorseFileKind } from '../horse/file-slots.js';
import { COMMON_TEXT_KEYS, textField } from '../horse/stored-fields.js';
import { MARKING_DESCRIPTION_KEYS, markingRecordLabel } from '../horse/text-field-tables.js';
import { OWNER_FIELD_LABELS, type OwnerFieldKey } from '../horse/owner-fields.js';

/**
 * How a change request's fields read to people (change-requests.ts), without zod: a member's
 * record view in the registration form shows a pending change as it opens
 * (docs/decisions/0064-zod-off-the-first-paint.md).
 */

const PARENT_LABELS: Record<string, string> = { sire: 'Sire', dam: 'Dam' };
const ANCESTOR_LABELS: Record<string, string> = {
  grand_sire: 'grand sire',
  grand_dam: 'grand dam',
  great_grand_sire: 'great-grand sire',
  great_grand_dam: 'great-grand dam',
};
const LEAF_LABELS: Record<string, string> = {
  name: 'name',
  reg: 'registration number',
  otherRegName: 'other registry',
  otherRegNum: 'other registry number',
  registryName: 'name',
  registryNumber: 'number',
};

/** An owner row's field, in a change's words: its label from the owners' table, in lower case. */
const ownerLeaf = (key: string) =>
  key in OWNER_FIELD_LABELS ? OWNER_FIELD_LABELS[key as OwnerFieldKey].toLowerCase() : key;

/** Each text field's change label from its section's table (horse/stored-fields.ts). */
function textFieldLabels(): Record<string, string> {
  const labels: Record<string, string> = {};
  for (const key of COMMON_TEXT_KEYS) {
    const field = textField(key);
    // The office's own fields are not part of a member's change.
    if (field.office !== true) labels[key] = field.changeLabel ?? field.label;
  }
  return labels;
}

/** "Markings: hind legs" for each of the markings' descriptions (horse/text-field-tables.ts). */
function markingLabels(): Record<string, string> {
  return Object.fromEntries(
    MARKING_DESCRIPTION_KEYS.map((key) => [
      `othermarkings.${key}`,
      `Markings: ${markingRecordLabel(key).toLowerCase()}`,
    ]),
  );
}

const TOP_LABELS: Record<string, string> = {
  ...textFieldLabels(),
  ownerType: 'Owner type',
  ...markingLabels(),
  ownerOfRecord: 'Owner of record',
  // The registered parents the office links (revisions, docs/api.md "Offspring and pedigrees").
  sireHorseId: 'Registered sire',
  damHorseId: 'Registered dam',
};

/** A changed file (`files.<kind>[.<slot>]`, revisions) reads as its kind's label (horse/file-slots.ts). */
function fileLabel(kind: string, slot: string[]): string {
  const label = fileKindLabel(kind);
  if (slot.length === 0) return label;
  // A multiple kind's rows are numbered (marking photos): "Marking photo 2".
  if (fileSlotOfRow(kind as HorseFileKind, '')?.multiple) return `${label} ${Number(slot[0]) + 1}`;
  return `${label} (${slot.join(' ').replaceAll('_', ' ')})`;
}

/** A reader's label for a change's field path ("sire.grand_dam.reg" -> "Sire's grand dam: registration number"). */
export function changeFieldLabel(field: string): string {
  const known = TOP_LABELS[field];
  if (known) return known;
  const parts = field.split('.');
  const [head = '', second = '', third = ''] = parts;
  if (head === 'files') return fileLabel(second, parts.slice(2));
  const parent = PARENT_LABELS[head];
  if (parent) {
    const ancestor = ANCESTOR_LABELS[second];
    if (ancestor) return `${parent}'s ${ancestor}: ${LEAF_LABELS[third] ?? third}`;
    return `${parent}: ${LEAF_LABELS[second] ?? second}`;
  }
  if (head === 'owners') return `Owner ${Number(second) + 1}: ${ownerLeaf(third)}`;
  if (head === 'otherRegistries') {
    return `Other registry ${Number(second) + 1}: ${LEAF_LABELS[third] ?? third}`;
  }
  return field;
}
