import { z } from 'zod';
import { COMMON_TEXT_KEYS, textField } from '../horse/stored-fields.js';
import { REJECTION_REASON_MAX } from './horses.js';
import { ADMIN_MESSAGES } from './messages.js';

/**
 * Change requests: a member's edit of an approved horse's record waits for the office
 * (docs/decisions.md "Approved records change through the office").
 */

export const CHANGE_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/** `PUT admin/change-requests/:id`. */
export const decideChangeRequestSchema = z.object({
  action: z.enum(['approve', 'reject']),
  reason: z
    .string()
    .trim()
    .max(REJECTION_REASON_MAX, ADMIN_MESSAGES.tooLong(REJECTION_REASON_MAX))
    .optional(),
});
export type DecideChangeRequestInput = z.infer<typeof decideChangeRequestSchema>;

export const CHANGE_REQUEST_MESSAGES = {
  notFound: 'Change request not found',
  alreadyDecided: (status: string) => `This change request has already been ${status}.`,
  reasonRequired: 'A reason is required to reject a change',
  approved: 'Change approved: the record now shows it',
  rejected: 'Change rejected: the record stays as approved',
  submitted: 'Change sent to the registry office: the record changes once it is approved',
  resubmitted: 'Corrected registration sent back to the registry office for review',
  filesOnApproved:
    'Documents of an approved horse are changed by the registry office. Please send them to the office.',
} as const;

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
  memberNum: 'member number',
  nonMember: 'not a member',
  address: 'address',
  city: 'city',
  state: 'state',
  zip: 'zip',
};

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

const TOP_LABELS: Record<string, string> = {
  ...textFieldLabels(),
  ownerType: 'Owner type',
  'othermarkings.left': 'Markings: left side',
  'othermarkings.right': 'Markings: right side',
  'othermarkings.face': 'Markings: face',
  'othermarkings.chin': 'Markings: chin',
  'othermarkings.frontLeg': 'Markings: front legs',
  'othermarkings.hindLeg': 'Markings: hind legs',
  'othermarkings.maneColor': 'Mane color',
  'othermarkings.tailColor': 'Tail color',
};

/** A reader's label for a change's field path ("sire.grand_dam.reg" -> "Sire's grand dam: registration number"). */
export function changeFieldLabel(field: string): string {
  const known = TOP_LABELS[field];
  if (known) return known;
  const parts = field.split('.');
  const [head = '', second = '', third = ''] = parts;
  const parent = PARENT_LABELS[head];
  if (parent) {
    const ancestor = ANCESTOR_LABELS[second];
    if (ancestor) return `${parent}'s ${ancestor}: ${LEAF_LABELS[third] ?? third}`;
    return `${parent}: ${LEAF_LABELS[second] ?? second}`;
  }
  if (head === 'owners') return `Owner ${Number(second) + 1}: ${LEAF_LABELS[third] ?? third}`;
  if (head === 'otherRegistries') {
    return `Other registry ${Number(second) + 1}: ${LEAF_LABELS[third] ?? third}`;
  }
  return field;
}
