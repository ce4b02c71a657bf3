import { z } from 'zod';
import {
  GAIT_DESIGNATIONS,
  OTHER_REGISTRY_NUMBER_MAX,
  REGISTRATION_TYPES,
  URL_MAX,
  YES_NO,
} from '../constants.js';
import { fileRequired, type SectionContext } from '../context.js';
import { optionalChoice, optionalText, requiredChoice } from '../fields.js';
import { performanceVideoField, registrationDocumentField } from '../files.js';
import { HORSE_MESSAGES, tooLongMessage } from '../messages.js';
import { formLabelOf, type ShapeOf } from '../stored-fields.js';
import type { REGISTRATION_FIELDS } from '../text-field-tables.js';

// Host labels exclude the dot, so the pattern matches each character one way only (linear time).
const HTTP_URL = /^https?:\/\/[^\s/?#.]+(?:\.[^\s/?#.]+)+(?:[/?#]\S*)?$/i;

/** Form sections 1-6: type, gait, number, verification, performance video, registration document. */
export function registrationShape(ctx: SectionContext) {
  return {
    registrationType: optionalChoice(REGISTRATION_TYPES, formLabelOf('registrationType')),
    gaitDesignation: optionalChoice(GAIT_DESIGNATIONS, formLabelOf('gaitDesignation')),
    // Assigned by the registry at approval; the form only displays it.
    registrationNum: optionalText(
      OTHER_REGISTRY_NUMBER_MAX,
      HORSE_MESSAGES.registrationNumberTooLong,
    ),
    verified: requiredChoice(YES_NO, HORSE_MESSAGES.verifiedRequired, formLabelOf('verified')),
    performanceVerification: requiredChoice(
      YES_NO,
      HORSE_MESSAGES.performanceVerificationRequired,
      formLabelOf('performanceVerification'),
    ),
    performanceLink: z
      .string()
      .trim()
      // "Performance Link", though the form's label is "Performance Video Link" (formLabelOf):
      // kept as members have seen it.
      .max(URL_MAX, { error: tooLongMessage('Performance Link', URL_MAX), abort: true })
      .refine(
        (value) => value === '' || HTTP_URL.test(value),
        HORSE_MESSAGES.performanceLinkInvalid,
      )
      .optional(),
    performanceDocument: performanceVideoField().optional(),
    registrationDocument: registrationDocumentField(fileRequired(ctx, 'registrationDocument')),
  } satisfies ShapeOf<
    typeof REGISTRATION_FIELDS,
    'registrationNum' | 'performanceDocument' | 'registrationDocument'
  >;
}
