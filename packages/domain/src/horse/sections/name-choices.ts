import { SHORT_TEXT_MAX } from '../constants.js';
import { requiredText } from '../fields.js';
import { HORSE_MESSAGES } from '../messages.js';
import type { ShapeOf } from '../stored-fields.js';
import type { NAME_CHOICE_FIELDS } from '../text-field-tables.js';

/** Form section 9, registration only: the registry picks the horse's name from these. */
export function nameChoicesShape() {
  return {
    firstChoice: requiredText(HORSE_MESSAGES.firstChoiceRequired, SHORT_TEXT_MAX, 'First Choice'),
    secondChoice: requiredText(
      HORSE_MESSAGES.secondChoiceRequired,
      SHORT_TEXT_MAX,
      'Second Choice',
    ),
    thirdChoice: requiredText(HORSE_MESSAGES.thirdChoiceRequired, SHORT_TEXT_MAX, 'Third Choice'),
  } satisfies ShapeOf<typeof NAME_CHOICE_FIELDS>;
}
