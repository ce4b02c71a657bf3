import { SEXES, SHORT_TEXT_MAX, STATES } from '../constants.js';
import type { IssueSink, SectionContext } from '../context.js';
import { isIsoDate } from '../dates.js';
import { isoDateField, optionalText, requiredChoice } from '../fields.js';
import { HORSE_MESSAGES, tooLongMessage } from '../messages.js';
import { formLabelOf, type ShapeOf } from '../stored-fields.js';
import type { BREEDING_FIELDS } from '../text-field-tables.js';

/** Form sections 7-8: where and when the horse was foaled and bred, and its sex. */
export function breedingShape(ctx: SectionContext) {
  return {
    stateFoaledIn: requiredChoice(
      STATES,
      HORSE_MESSAGES.stateFoaledInRequired,
      formLabelOf('stateFoaledIn'),
    ),
    breed: optionalText(SHORT_TEXT_MAX, tooLongMessage(formLabelOf('breed'), SHORT_TEXT_MAX)),
    foalDate: isoDateField({
      required: HORSE_MESSAGES.foalDateRequired,
      notAfter: { today: ctx.today, message: HORSE_MESSAGES.foalDateInFuture },
    }),
    breedingDate: isoDateField({ required: HORSE_MESSAGES.breedingDateRequired }),
    bredBy: optionalText(SHORT_TEXT_MAX, tooLongMessage(formLabelOf('bredBy'), SHORT_TEXT_MAX)),
    sex: requiredChoice(SEXES, HORSE_MESSAGES.sexRequired, formLabelOf('sex')),
  } satisfies ShapeOf<typeof BREEDING_FIELDS>;
}

export function checkBreedingDates(value: Record<string, unknown>, sink: IssueSink): void {
  const { foalDate, breedingDate } = value;
  if (typeof foalDate !== 'string' || typeof breedingDate !== 'string') return;
  if (!isIsoDate(foalDate) || !isIsoDate(breedingDate)) return;
  if (breedingDate < foalDate) {
    sink.addIssue({
      code: 'custom',
      message: HORSE_MESSAGES.breedingDateBeforeFoalDate,
      path: ['breedingDate'],
    });
  }
}
