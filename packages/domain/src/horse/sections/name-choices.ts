import { SHORT_TEXT_MAX } from '../constants.js';
import type { IssueSink } from '../context.js';
import { requiredText } from '../fields.js';
import { HORSE_MESSAGES } from '../messages.js';
import { horseNameKey, REGISTER_RULE_MESSAGES } from '../register-rules.js';
import { formLabelOf, NAME_CHOICE_KEYS, type ShapeOf } from '../stored-fields.js';
import type { NAME_CHOICE_FIELDS } from '../text-field-tables.js';

/** Form section 9, registration only: the registry picks the horse's name from these. */
export function nameChoicesShape() {
  return {
    firstChoice: requiredText(
      HORSE_MESSAGES.firstChoiceRequired,
      SHORT_TEXT_MAX,
      formLabelOf('firstChoice'),
    ),
    secondChoice: requiredText(
      HORSE_MESSAGES.secondChoiceRequired,
      SHORT_TEXT_MAX,
      formLabelOf('secondChoice'),
    ),
    thirdChoice: requiredText(
      HORSE_MESSAGES.thirdChoiceRequired,
      SHORT_TEXT_MAX,
      formLabelOf('thirdChoice'),
    ),
  } satisfies ShapeOf<typeof NAME_CHOICE_FIELDS>;
}

/**
 * The three choices differ from one another, compared as the register compares names
 * (horseNameKey: case and whitespace ignored); a repeat is reported on the later field.
 */
export function checkNameChoices(value: Record<string, unknown>, sink: IssueSink): void {
  const seen = new Map<string, string>();
  for (const field of NAME_CHOICE_KEYS) {
    const name = value[field];
    if (typeof name !== 'string') continue;
    const key = horseNameKey(name);
    if (key === '') continue;
    const earlier = seen.get(key);
    if (earlier) {
      sink.addIssue({
        code: 'custom',
        message: REGISTER_RULE_MESSAGES.nameChoiceRepeated(earlier),
        path: [field],
      });
    } else {
      seen.set(key, formLabelOf(field));
    }
  }
}
