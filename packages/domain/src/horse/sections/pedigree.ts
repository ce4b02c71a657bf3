import { z } from 'zod';
import {
  OTHER_REGISTRY_NAME_MAX,
  OTHER_REGISTRY_NUMBER_MAX,
  SHORT_TEXT_MAX,
} from '../constants.js';
import { optionalText } from '../fields.js';
import { paperworkField } from '../files.js';
import { HORSE_MESSAGES, tooLongMessage } from '../messages.js';

/** The spec marks no pedigree field as required; owners often know only part of a pedigree. */
export const ancestorSchema = z.object({
  name: optionalText(SHORT_TEXT_MAX, tooLongMessage('Name', SHORT_TEXT_MAX)),
  reg: optionalText(OTHER_REGISTRY_NUMBER_MAX, HORSE_MESSAGES.registrationNumberTooLong),
  otherRegName: optionalText(OTHER_REGISTRY_NAME_MAX, HORSE_MESSAGES.registryNameTooLong),
  otherRegNum: optionalText(OTHER_REGISTRY_NUMBER_MAX, HORSE_MESSAGES.registryNumberTooLong),
  paperwork: paperworkField().optional(),
});

/** A parent (sire or dam) with its own line of ancestors, as the pedigree tabs show it. */
export const parentSchema = ancestorSchema.extend({
  grand_sire: ancestorSchema,
  grand_dam: ancestorSchema,
  great_grand_sire: ancestorSchema,
  great_grand_dam: ancestorSchema,
});

/** Form section 12. */
export function pedigreeShape() {
  return { sire: parentSchema, dam: parentSchema };
}

export type Ancestor = z.output<typeof ancestorSchema>;
export type PedigreeEntry = z.output<typeof parentSchema>;
