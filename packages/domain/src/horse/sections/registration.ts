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
import type { ShapeOf, StoredTextFields } from '../stored-fields.js';

// Host labels exclude the dot, so the pattern matches each character one way only (linear time).
const HTTP_URL = /^https?:\/\/[^\s/?#.]+(?:\.[^\s/?#.]+)+(?:[/?#]\S*)?$/i;

/** The plain text fields of sections 1-6, in the record view's order (stored-fields.ts). */
export const REGISTRATION_FIELDS = {
  registrationType: { label: 'Registration type', public: true },
  gaitDesignation: { label: 'Gait designation', public: true, column: true },
  performanceVerification: { label: 'Performance verification' },
  verified: { label: 'VERIFIED', public: true, column: true, office: true },
  performanceLink: { label: 'Performance video link', changeLabel: 'Performance link' },
} as const satisfies StoredTextFields;

/** Form sections 1-6: type, gait, number, verification, performance video, registration document. */
export function registrationShape(ctx: SectionContext) {
  return {
    registrationType: optionalChoice(REGISTRATION_TYPES, 'Registration Type'),
    gaitDesignation: optionalChoice(GAIT_DESIGNATIONS, 'Gait Designation'),
    // Assigned by the registry at approval; the form only displays it.
    registrationNum: optionalText(
      OTHER_REGISTRY_NUMBER_MAX,
      HORSE_MESSAGES.registrationNumberTooLong,
    ),
    verified: requiredChoice(YES_NO, HORSE_MESSAGES.verifiedRequired, 'Verified'),
    performanceVerification: requiredChoice(
      YES_NO,
      HORSE_MESSAGES.performanceVerificationRequired,
      'Performance Verification',
    ),
    performanceLink: z
      .string()
      .trim()
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
