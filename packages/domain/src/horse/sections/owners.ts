import { z } from 'zod';
import {
  LONG_TEXT_MAX,
  OTHER_REGISTRY_NUMBER_MAX,
  OWNER_COUNT,
  OWNER_TYPES,
  SHORT_TEXT_MAX,
  STATES,
  type OwnerType,
} from '../constants.js';
import type { IssueSink } from '../context.js';
import { mustBeTrue, requiredChoice, requiredText, signatureField } from '../fields.js';
import { HORSE_MESSAGES } from '../messages.js';

/** Every address here is in the United States (the only country offered), so ZIP codes apply. */
const ZIP = /^\d{5}(?:-\d{4})?$/;

export const ownerSchema = z.object({
  memberNum: requiredText(
    HORSE_MESSAGES.memberNumRequired,
    OTHER_REGISTRY_NUMBER_MAX,
    'Member Number',
  ),
  name: requiredText(HORSE_MESSAGES.ownerNameRequired, SHORT_TEXT_MAX, 'Name'),
  address: requiredText(HORSE_MESSAGES.addressRequired, LONG_TEXT_MAX, 'Address'),
  city: requiredText(HORSE_MESSAGES.cityRequired, SHORT_TEXT_MAX, 'City'),
  state: requiredChoice(STATES, HORSE_MESSAGES.stateRequired, 'State'),
  // '' passes here so an empty zip shows only "Zip is required".
  zip: z
    .string({ error: HORSE_MESSAGES.zipRequired })
    .trim()
    .min(1, HORSE_MESSAGES.zipRequired)
    .refine((zip) => zip === '' || ZIP.test(zip), HORSE_MESSAGES.zipInvalid),
});

/** Form sections 14-15: owners and their certification, asked in every mode. */
export function ownersShape() {
  return {
    ownerType: requiredChoice(OWNER_TYPES, HORSE_MESSAGES.ownerTypeRequired, 'Owner Type'),
    owners: z.array(ownerSchema),
    checkedOwnerInfo: mustBeTrue(HORSE_MESSAGES.termsRequired),
  };
}

/** Form section 16, registration only: an edit does not re-sign the registration. */
export function ownerSignatureShape() {
  return { ownerSignature: signatureField(HORSE_MESSAGES.ownerSignatureRequired) };
}

export function checkOwnerCount(value: Record<string, unknown>, sink: IssueSink): void {
  const { ownerType, owners } = value;
  if (!Array.isArray(owners) || !(OWNER_TYPES as readonly unknown[]).includes(ownerType)) return;
  const type = ownerType as OwnerType;
  if (owners.length === OWNER_COUNT[type]) return;
  sink.addIssue({
    code: 'custom',
    message: type === 'Joint' ? HORSE_MESSAGES.jointOwnersCount : HORSE_MESSAGES.singleOwnerCount,
    path: ['owners'],
  });
}

export type Owner = z.output<typeof ownerSchema>;
