import { z } from 'zod';
import {
  OTHER_REGISTRY_NAME_MAX,
  OTHER_REGISTRY_NUMBER_MAX,
  OTHER_REGISTRY_SLOTS,
} from '../constants.js';
import { optionalText } from '../fields.js';
import { paperworkField } from '../files.js';
import { HORSE_MESSAGES } from '../messages.js';

export const otherRegistrySchema = z.object({
  registryName: optionalText(OTHER_REGISTRY_NAME_MAX, HORSE_MESSAGES.registryNameTooLong),
  registryNumber: optionalText(OTHER_REGISTRY_NUMBER_MAX, HORSE_MESSAGES.registryNumberTooLong),
  registryPaperwork: paperworkField().optional(),
});

/** Form section 10: the form always shows four slots; any of them may stay empty. */
export function otherRegistriesShape() {
  return {
    otherRegistries: z
      .array(otherRegistrySchema)
      .max(OTHER_REGISTRY_SLOTS, HORSE_MESSAGES.tooManyRegistries),
  };
}

export type OtherRegistry = z.output<typeof otherRegistrySchema>;
