import { z } from 'zod';
import {
  LONG_TEXT_MAX,
  OTHER_REGISTRY_NUMBER_MAX,
  OWNER_COUNT,
  OWNER_TYPES,
  SHORT_TEXT_MAX,
  COUNTRIES,
  DEFAULT_COUNTRY,
  STATES,
  type OwnerType,
} from '../constants.js';
import type { IssueSink } from '../context.js';
import { mustBeTrue, requiredChoice, requiredText, signatureField } from '../fields.js';
import { HORSE_MESSAGES, tooLongMessage } from '../messages.js';
import { normalizeMemberNumber } from '../../member-number.js';
import { REGISTER_RULE_MESSAGES } from '../register-rules.js';
import { OWNER_FIELD_LABELS as LABEL } from '../owner-fields.js';

/** Every address here is in the United States (the only country offered), so ZIP codes apply. */
const ZIP = /^\d{5}(?:-\d{4})?$/;

export const ownerSchema = z.object({
  // Required for members; checkOwnerMembers asks for it, so a marked non-member may leave it empty.
  memberNum: z
    .string({ error: HORSE_MESSAGES.memberNumRequired })
    // The member's number in its one spelling, as the server looks it up and stores it.
    .overwrite(normalizeMemberNumber)
    .max(OTHER_REGISTRY_NUMBER_MAX, tooLongMessage(LABEL.memberNum, OTHER_REGISTRY_NUMBER_MAX)),
  /**
   * A co-owner who is not a member of the association
   * (docs/decisions/0050-unique-names-and-registry-member-numbers.md):
   * no member number, and the server does not look one up. Never the first owner.
   */
  nonMember: z.boolean().optional(),
  name: requiredText(HORSE_MESSAGES.ownerNameRequired, SHORT_TEXT_MAX, LABEL.name),
  address: requiredText(HORSE_MESSAGES.addressRequired, LONG_TEXT_MAX, LABEL.address),
  city: requiredText(HORSE_MESSAGES.cityRequired, SHORT_TEXT_MAX, LABEL.city),
  state: requiredChoice(STATES, HORSE_MESSAGES.stateRequired, LABEL.state),
  // '' passes here so an empty zip shows only "Zip is required".
  zip: z
    .string({ error: HORSE_MESSAGES.zipRequired })
    .trim()
    .min(1, HORSE_MESSAGES.zipRequired)
    .refine((zip) => zip === '' || ZIP.test(zip), HORSE_MESSAGES.zipInvalid),
  /** Optional on input (records made before it existed); anything but the one option is 400. */
  country: z.enum(COUNTRIES, { error: HORSE_MESSAGES.countryInvalid }).default(DEFAULT_COUNTRY),
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

/**
 * Member numbers: every owner gives one, except a co-owner marked as not a member, who gives
 * none. Whether a given number belongs to a member is checked by the server.
 */
export function checkOwnerMembers(value: Record<string, unknown>, sink: IssueSink): void {
  const { owners } = value;
  if (!Array.isArray(owners)) return;
  owners.forEach((owner: unknown, index) => {
    if (typeof owner !== 'object' || owner === null) return;
    const { memberNum, nonMember } = owner as { memberNum?: unknown; nonMember?: unknown };
    if (typeof memberNum !== 'string') return;
    const path = ['owners', index, 'memberNum'];
    if (nonMember === true && index === 0) {
      sink.addIssue({
        code: 'custom',
        message: REGISTER_RULE_MESSAGES.firstOwnerMustBeMember,
        path,
      });
    } else if (nonMember === true && memberNum !== '') {
      sink.addIssue({
        code: 'custom',
        message: REGISTER_RULE_MESSAGES.coOwnerNotMemberNoNumber,
        path,
      });
    } else if (nonMember !== true && memberNum === '') {
      sink.addIssue({ code: 'custom', message: HORSE_MESSAGES.memberNumRequired, path });
    }
  });
}

export type Owner = z.output<typeof ownerSchema>;
