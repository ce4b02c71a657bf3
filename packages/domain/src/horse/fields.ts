import { z } from 'zod';
import { SIGNATURE_MAX_LENGTH } from './constants.js';
import { isIsoDate, toIsoDate } from './dates.js';
import { HORSE_MESSAGES, invalidChoiceMessage, tooLongMessage } from './messages.js';

/**
 * Field builders shared by the sections. Inputs are plain strings because that is what form
 * controls hold (an untouched select is ''); outputs are narrowed to the allowed values.
 * No check here uses `abort`: an explicit abort would also silence the cross-field checks. (Only
 * length checks that guard a pattern abort, so a pattern never runs on an over-long value.)
 */

export function requiredText(requiredMsg: string, max: number, label: string) {
  return z
    .string({ error: requiredMsg })
    .trim()
    .min(1, requiredMsg)
    .max(max, tooLongMessage(label, max));
}

export function optionalText(max: number, tooLongMsg: string) {
  return z.string().trim().max(max, tooLongMsg).optional();
}

export function requiredChoice<const T extends readonly string[]>(
  values: T,
  requiredMsg: string,
  label: string,
) {
  return z
    .string({ error: requiredMsg })
    .refine((value): value is T[number] => (values as readonly string[]).includes(value), {
      error: (issue) => (issue.input === '' ? requiredMsg : invalidChoiceMessage(label)),
    });
}

/** An unanswered optional choice stays '' so the form can show "nothing selected". */
export function optionalChoice<const T extends readonly string[]>(values: T, label: string) {
  return z
    .string()
    .refine(
      (value): value is T[number] | '' =>
        value === '' || (values as readonly string[]).includes(value),
      {
        error: invalidChoiceMessage(label),
      },
    )
    .optional();
}

export function mustBeTrue(message: string) {
  return z.boolean({ error: message }).refine((value) => value, message);
}

type DateRules = {
  required?: string;
  /** Present when the day may not be after today; called at parse time so long-lived schemas stay right. */
  notAfter?: { today: () => Date; message: string };
};

/** An ISO day as a string; '' counts as "not given" because that is what an empty date input holds. */
export function isoDateField(rules: DateRules) {
  return z
    .string({ error: rules.required ?? HORSE_MESSAGES.dateInvalid })
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') {
        if (rules.required) ctx.addIssue({ code: 'custom', message: rules.required });
        return;
      }
      if (!isIsoDate(value)) {
        ctx.addIssue({ code: 'custom', message: HORSE_MESSAGES.dateInvalid });
        return;
      }
      if (rules.notAfter && value > toIsoDate(rules.notAfter.today())) {
        ctx.addIssue({ code: 'custom', message: rules.notAfter.message });
      }
    });
}

const IMAGE_DATA_URL = /^data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;

/**
 * A signature pad's output: a PNG or JPEG data URL. Never a remote address (the server would
 * fetch it) and never SVG (it can carry script when served back).
 */
export function signatureField(requiredMsg: string) {
  return z.string({ error: requiredMsg }).superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: requiredMsg });
    else if (value.length > SIGNATURE_MAX_LENGTH)
      ctx.addIssue({ code: 'custom', message: HORSE_MESSAGES.signatureTooLarge });
    else if (!IMAGE_DATA_URL.test(value))
      ctx.addIssue({ code: 'custom', message: HORSE_MESSAGES.signatureInvalid });
  });
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Cross-field checks must run even when a sibling field failed, so errors show all at once. */
export const whenObject = { when: (payload: { value: unknown }) => isRecord(payload.value) };
