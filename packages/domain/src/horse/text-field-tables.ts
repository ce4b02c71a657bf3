/**
 * The plain text fields of the form's sections (stored-fields.ts), apart from the sections'
 * rules: the registration form reads these as it opens, and importing them must not load zod
 * (docs/decisions/0064-zod-off-the-first-paint.md). What a field is (StoredTextField) is
 * declared here too, so the tables and the keys derived from them (stored-fields.ts) do not
 * import each other.
 */

/**
 * The plain text fields of a horse, declared once in their form section beside its zod rules.
 * Everything that only copies a field is derived from these tables
 * (docs/decisions/0078-stored-text-fields-from-tables.md): the multipart text parts, the form's
 * defaults, the stored
 * `details`, the API's answers, the edit form's prefill, the record view and the change labels.
 * A field's labels are typed here only: the form's inputs and the rules' messages name it by
 * `formLabelOf` (stored-fields.ts), the record views and the search by `label`
 * (docs/decisions/0121-form-labels-from-tables.md). The tables hold no zod, so a page that reads them does not load the rules. The owner type is
 * not in a table: it decides how many owner rows there are, so every reader treats it apart.
 */
export interface StoredTextField {
  /** Its label on the record view and, unless `changeLabel` says otherwise, in a change request. */
  readonly label: string;
  readonly changeLabel?: string;
  /**
   * Its name on the form (its input's label) and in its rules' messages ("Bred By is required"),
   * where that is not `label` with each word capitalised ("Bred by" -> "Bred By"): read it
   * through `formLabelOf` (stored-fields.ts).
   */
  readonly formLabel?: string;
  /** The question the form asks for it (a yes/no choice) in place of its name. */
  readonly question?: string;
  /** Every member searching the registry sees it; otherwise only its owner and the office. */
  readonly public?: boolean;
  /** A column of `horses` (lists filter on it); otherwise a key of its `details` JSON. */
  readonly column?: boolean;
  /** A day: the form holds yyyy-mm-dd, the record view shows yyyy/mm/dd. */
  readonly day?: boolean;
  /** The registry office's to set: a member's form cannot change it (the server keeps its value). */
  readonly office?: boolean;
}

export type StoredTextFields = Readonly<Record<string, StoredTextField>>;

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
  DNA: {
    label: 'Previously DNA tested',
    changeLabel: 'DNA tested',
    formLabel: 'DNA',
    question: 'Has this horse been DNA tested before?',
  },
  DNA_CASE: { label: 'DNA case', changeLabel: 'DNA case number' },
  DNA_TEST_DATE: { label: 'DNA test date', day: true },
  dnaTestSubmission: {
    label: 'DNA form within 30 days',
    changeLabel: 'DNA test submission',
    formLabel: 'DNA Test Submission',
    question: 'Will the DNA testing form be submitted within 30 days?',
  },
} as const satisfies StoredTextFields;

/** The plain text fields of section 13; the markings' texts are nested. */
export const MARKINGS_FIELDS = {
  color: { label: 'Color', public: true, column: true },
  pattern: { label: 'Pattern', public: true },
} as const satisfies StoredTextFields;

/**
 * Section 13's descriptions of the markings, stored under `othermarkings`, in form order, with
 * their labels on the form (spec §2.6). Everything that lists them reads this table: the rules,
 * the stored shape, the empty form, the form section, the record views, the change labels.
 */
export const MARKING_DESCRIPTIONS = {
  left: { label: 'Left Side' },
  right: { label: 'Right Side' },
  face: { label: 'Face' },
  chin: { label: 'Upper Lip and Chin' },
  frontLeg: { label: 'Front Legs' },
  hindLeg: { label: 'Hind Legs' },
  maneColor: { label: 'Mane Color' },
  tailColor: { label: 'Tail Color' },
} as const satisfies Readonly<Record<string, { readonly label: string }>>;

export type MarkingDescriptionKey = keyof typeof MARKING_DESCRIPTIONS;
export const MARKING_DESCRIPTION_KEYS = Object.keys(
  MARKING_DESCRIPTIONS,
) as MarkingDescriptionKey[];

/** A marking's label as the record views write it: "Hind Legs" -> "Hind legs". */
export function markingRecordLabel(key: MarkingDescriptionKey): string {
  const label = MARKING_DESCRIPTIONS[key].label;
  return label.charAt(0) + label.slice(1).toLowerCase();
}

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
  performanceVerification: {
    label: 'Performance verification',
    question: 'Request performance verification?',
  },
  // Not on the member's form; its rule's messages name it "Verified".
  verified: { label: 'VERIFIED', formLabel: 'Verified', public: true, column: true, office: true },
  performanceLink: { label: 'Performance video link', changeLabel: 'Performance link' },
} as const satisfies StoredTextFields;
