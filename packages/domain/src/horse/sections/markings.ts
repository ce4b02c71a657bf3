import { z } from 'zod';
import { COLORS, LONG_TEXT_MAX, PATTERNS } from '../constants.js';
import { fileRequired, type SectionContext } from '../context.js';
import { optionalText, requiredChoice } from '../fields.js';
import { markingDocumentsField } from '../files.js';
import { HORSE_MESSAGES, tooLongMessage } from '../messages.js';

const description = (label: string) =>
  optionalText(LONG_TEXT_MAX, tooLongMessage(label, LONG_TEXT_MAX));

export const otherMarkingsSchema = z.object({
  left: description('Left'),
  right: description('Right'),
  face: description('Face'),
  chin: description('Upper Lip and Chin'),
  frontLeg: description('Front Legs'),
  hindLeg: description('Hind Legs'),
  maneColor: description('Mane Color'),
  tailColor: description('Tail Color'),
});

/** Form section 13. */
export function markingsShape(ctx: SectionContext) {
  return {
    color: requiredChoice(COLORS, HORSE_MESSAGES.colorRequired, 'Color'),
    pattern: requiredChoice(PATTERNS, HORSE_MESSAGES.patternRequired, 'Pattern'),
    othermarkings: otherMarkingsSchema,
    markingDocuments: markingDocumentsField(fileRequired(ctx, 'markingDocuments')),
  };
}

export type OtherMarkings = z.output<typeof otherMarkingsSchema>;
