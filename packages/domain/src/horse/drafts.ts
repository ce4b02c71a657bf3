import { z } from 'zod';
import { DRAFT_MAX_DEPTH, DRAFT_MESSAGES } from './draft-constants.js';
import { uploadReferenceSchema } from './uploads.js';

/**
 * Drafts of the Register Horse form (issue 14 item 5, docs/api.md "Drafts"): what a member has
 * typed so far, saved on the server as they type so another device can continue it. A draft is
 * not a registration: it has no number and appears in no list but its owner's.
 */

/** Keys whose values only the payment provider may see (docs/architecture.md, payments). */
const NEVER_STORED_KEYS = new Set(['routingNumber', 'accountNumber', 'cardNumber', 'cvc']);

/**
 * Walks a parsed JSON value without recursion (a hostile body may nest thousands deep) and
 * reports the first problem: too deep, or a key that must never be stored with a value.
 */
function draftValueProblem(root: unknown): string | undefined {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= DRAFT_MAX_DEPTH) return DRAFT_MESSAGES.tooDeep;
    for (const [key, child] of Object.entries(value)) {
      if (NEVER_STORED_KEYS.has(key) && child !== '' && child !== null && child !== undefined) {
        return DRAFT_MESSAGES.bankNumbers;
      }
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * The form's values as the web keeps them, files left out (they are in `uploads`). The server
 * does not judge them against the registration rules: a draft is unfinished by nature.
 */
export const draftValuesSchema = z
  .record(z.string().max(100), z.unknown())
  .superRefine((values, ctx) => {
    const problem = draftValueProblem(values);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** PUT /api/members/horse-drafts/:id */
export const horseDraftSaveSchema = z.object({
  values: draftValuesSchema,
  /** The finished uploads the form holds, as the upload step gave them (ids are checked on save). */
  uploads: z.array(uploadReferenceSchema).max(60).default([]),
});
export type HorseDraftSave = z.input<typeof horseDraftSaveSchema>;

/** One draft in the member's list: enough to recognise it. */
export const horseDraftSummarySchema = z.object({
  id: z.uuid(),
  /** The first name choice typed so far, if any. */
  name: z.string(),
  registrationType: z.string(),
  fileCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HorseDraftSummary = z.infer<typeof horseDraftSummarySchema>;

export const horseDraftSchema = horseDraftSummarySchema.extend({
  values: z.record(z.string(), z.unknown()),
  uploads: z.array(uploadReferenceSchema),
});
export type HorseDraft = z.infer<typeof horseDraftSchema>;

/** The draft's list label from its values: a name choice, else nothing. */
export function draftSummaryOf(values: Record<string, unknown>): {
  name: string;
  registrationType: string;
} {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 100) : '');
  return {
    name: text(values.firstChoice) || text(values.secondChoice) || text(values.thirdChoice),
    registrationType: text(values.registrationType),
  };
}
