import { z } from 'zod';
import { SHORT_TEXT_MAX, YES_NO } from '../constants.js';
import type { IssueSink, SectionContext } from '../context.js';
import { isIsoDate, toIsoDate } from '../dates.js';
import { optionalChoice, optionalText, requiredChoice } from '../fields.js';
import { HORSE_MESSAGES, tooLongMessage } from '../messages.js';
import { formLabelOf, type ShapeOf } from '../stored-fields.js';
import type { DNA_FIELDS } from '../text-field-tables.js';

/** Form section 11. The field names are the API's own, hence the capitals. */
export function dnaShape() {
  return {
    DNA: requiredChoice(YES_NO, HORSE_MESSAGES.dnaRequired, formLabelOf('DNA')),
    DNA_CASE: optionalText(SHORT_TEXT_MAX, tooLongMessage(formLabelOf('DNA_CASE'), SHORT_TEXT_MAX)),
    // Judged in checkDnaTestDate: a date left over after switching DNA to "No" must not block saving.
    DNA_TEST_DATE: z.string().trim().max(SHORT_TEXT_MAX, HORSE_MESSAGES.dateInvalid).optional(),
    dnaTestSubmission: optionalChoice(YES_NO, formLabelOf('dnaTestSubmission')),
  } satisfies ShapeOf<typeof DNA_FIELDS>;
}

function testDateProblem(date: string, today: Date): string | undefined {
  if (date === '') return HORSE_MESSAGES.dnaTestDateRequired;
  if (!isIsoDate(date)) return HORSE_MESSAGES.dateInvalid;
  // "Previously DNA tested" means the test lies in the past.
  if (date > toIsoDate(today)) return HORSE_MESSAGES.dnaTestDateInFuture;
  return undefined;
}

export function checkDnaTestDate(
  value: Record<string, unknown>,
  sink: IssueSink,
  ctx: SectionContext,
): void {
  if (value.DNA !== 'Yes') return;
  const date = typeof value.DNA_TEST_DATE === 'string' ? value.DNA_TEST_DATE.trim() : '';
  const problem = testDateProblem(date, ctx.today());
  if (problem) sink.addIssue({ code: 'custom', message: problem, path: ['DNA_TEST_DATE'] });
}
