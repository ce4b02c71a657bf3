import { z } from 'zod';
import { COLORS, LONG_TEXT_MAX, PATTERNS } from '../constants.js';
import { fileRequired, type SectionContext } from '../context.js';
import { optionalText, requiredChoice } from '../fields.js';
import { markingDocumentsField } from '../files.js';
import { HORSE_MESSAGES, tooLongMessage } from '../messages.js';
import { formLabelOf, type ShapeOf } from '../stored-fields.js';
import {
  MARKING_DESCRIPTION_KEYS,
  MARKING_DESCRIPTIONS,
  type MarkingDescriptionKey,
  type MARKINGS_FIELDS,
} from '../text-field-tables.js';

const description = (label: string) =>
  optionalText(LONG_TEXT_MAX, tooLongMessage(label, LONG_TEXT_MAX));

// Built when a shape is, not at import: loading this module builds no zod schema.
function otherMarkingsSchema() {
  return z.object(
    Object.fromEntries(
      MARKING_DESCRIPTION_KEYS.map((key) => [key, description(MARKING_DESCRIPTIONS[key].label)]),
    ) as Record<MarkingDescriptionKey, ReturnType<typeof description>>,
  );
}

/** Form section 13. */
export function markingsShape(ctx: SectionContext) {
  return {
    color: requiredChoice(COLORS, HORSE_MESSAGES.colorRequired, formLabelOf('color')),
    pattern: requiredChoice(PATTERNS, HORSE_MESSAGES.patternRequired, formLabelOf('pattern')),
    othermarkings: otherMarkingsSchema(),
    markingDocuments: markingDocumentsField(fileRequired(ctx, 'markingDocuments')),
  } satisfies ShapeOf<typeof MARKINGS_FIELDS, 'othermarkings' | 'markingDocuments'>;
}

export type OtherMarkings = z.output<ReturnType<typeof otherMarkingsSchema>>;
