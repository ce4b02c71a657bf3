import type { StoredTextFields } from './stored-fields.js';

/**
 * The plain text fields of the form's sections (stored-fields.ts), apart from the sections'
 * rules: the registration form reads these as it opens, and importing them must not load zod
 * (docs/decisions/0064-zod-off-the-first-paint.md).
 */

/** The plain text fields of sections 7-8. */
export const BREEDING_FIELDS = {
  stateFoaledIn: { label: 'State foaled in', public: true, column: true },
  breed: { label: 'Breed', public: true },
  foalDate: { label: 'Foal date', public: true, column: true, day: true },
  breedingDate: { label: 'Breeding date', day: true },
  bredBy: { label: 'Bred by', public: true },
  sex: { label: 'Sex', public: true, column: true },
} as const satisfies StoredTextFields;

/** The plain text fields of section 11. */
export const DNA_FIELDS = {
  DNA: { label: 'Previously DNA tested', changeLabel: 'DNA tested' },
  DNA_CASE: { label: 'DNA case', changeLabel: 'DNA case number' },
  DNA_TEST_DATE: { label: 'DNA test date', day: true },
  dnaTestSubmission: { label: 'DNA form within 30 days', changeLabel: 'DNA test submission' },
} as const satisfies StoredTextFields;

/** The plain text fields of section 13; the markings' texts are nested. */
export const MARKINGS_FIELDS = {
  color: { label: 'Color', public: true, column: true },
  pattern: { label: 'Pattern', public: true },
} as const satisfies StoredTextFields;

/** Section 9's fields: columns, sent and written by the register only. */
export const NAME_CHOICE_FIELDS = {
  firstChoice: { label: 'First choice', column: true },
  secondChoice: { label: 'Second choice', column: true },
  thirdChoice: { label: 'Third choice', column: true },
} as const satisfies StoredTextFields;

/** The plain text fields of sections 1-6, in the record view's order. */
export const REGISTRATION_FIELDS = {
  registrationType: { label: 'Registration type', public: true },
  gaitDesignation: { label: 'Gait designation', public: true, column: true },
  performanceVerification: { label: 'Performance verification' },
  verified: { label: 'VERIFIED', public: true, column: true, office: true },
  performanceLink: { label: 'Performance video link', changeLabel: 'Performance link' },
} as const satisfies StoredTextFields;
