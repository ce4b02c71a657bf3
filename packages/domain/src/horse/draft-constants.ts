/**
 * The limits, names and messages of drafts (drafts.ts), without zod: the registration form reads
 * them as it opens (docs/decisions/0064-zod-off-the-first-paint.md).
 */

/** The largest draft body the server takes (the form's ~150 fields and two signature images). */
export const DRAFT_MAX_BYTES = 512 * 1024;

/** Drafts one member may keep at once; the form's own draft is updated in place, not added. */
export const DRAFTS_PER_MEMBER_MAX = 20;

/**
 * A draft nobody saved for this many days is removed by the scheduled sweep (docs/operations.md
 * "Drafts"), and with it the hold it had on its uploads.
 */
export const DRAFT_EXPIRY_DAYS = 90;

/** Nesting the form's values never exceed (owners[0].address is 3); deeper is refused. */
export const DRAFT_MAX_DEPTH = 6;

/** The part (or JSON key) of a register request naming the draft the registration completes. */
export const DRAFT_ID_PART = 'draftId';

export const DRAFT_MESSAGES = {
  notFound: 'Draft not found',
  tooLarge: 'This draft is too large to save.',
  tooDeep: 'The draft is nested too deeply.',
  tooMany: `You have ${DRAFTS_PER_MEMBER_MAX} drafts already. Continue or discard one of them first.`,
  bankNumbers: 'Bank routing and account numbers are never saved in a draft.',
  discarded: 'Draft discarded',
} as const;
