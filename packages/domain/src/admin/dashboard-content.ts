import { DASHBOARD_CONTENT_MAX_BYTES } from './horses.js';
import { ADMIN_MESSAGES } from './messages.js';

/**
 * How deeply the dashboard text may nest quotes, lists and emphasis (issue 28 §6). The
 * markdown renderer (marked) nests by recursion, one level of its call stack per level of
 * the text, and overflowed the stack on 2,000 `>` (docs/decisions.md "Dashboard text: a
 * nesting limit"). 20 is far below where it fails and far above what a notice needs.
 */
export const DASHBOARD_CONTENT_MAX_NESTING = 20;

export const DASHBOARD_CONTENT_MESSAGES = {
  tooLarge: ADMIN_MESSAGES.contentTooLarge,
  tooDeep: `Quotes (>), lists and emphasis can be nested at most ${DASHBOARD_CONTENT_MAX_NESTING} levels deep`,
  unrenderable: 'This text could not be turned into a page. Simplify its formatting and try again.',
} as const;

/** UTF-8 length without TextEncoder or Buffer, so web and API count alike. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** A line of three or more of the same `-`, `*` or `_` (spaces between): a rule, not a list. */
const THEMATIC_BREAK = /^([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/;

/**
 * The most containers any one line opens: the `>` and list markers at its start (`> > - x` is
 * 3). What the editor can count as the admin types, without the renderer; it over-counts
 * rather than under-counts (markers inside a fenced code block count too), and the server
 * also measures what the renderer actually builds (`apps/api/src/modules/content/sanitize.ts`).
 */
export function markdownLineNesting(markdown: string): number {
  let deepest = 0;
  for (const line of markdown.split(/\r\n|\r|\n/)) {
    let depth = 0;
    let rest = line;
    for (;;) {
      rest = rest.replace(/^[ \t]+/, '');
      if (rest.startsWith('>')) {
        rest = rest.slice(1);
      } else {
        const marker = LIST_MARKER.exec(rest);
        if (!marker || THEMATIC_BREAK.test(rest)) break;
        rest = rest.slice(marker[0].length);
      }
      depth += 1;
    }
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/**
 * What is wrong with a dashboard text by the shared rules (size, then nesting), or null. The
 * editor shows it before sending; the API refuses with it (400, `fields.markdown`).
 */
export function dashboardContentProblem(markdown: string): string | null {
  if (utf8Bytes(markdown) > DASHBOARD_CONTENT_MAX_BYTES) return DASHBOARD_CONTENT_MESSAGES.tooLarge;
  if (markdownLineNesting(markdown) > DASHBOARD_CONTENT_MAX_NESTING) {
    return DASHBOARD_CONTENT_MESSAGES.tooDeep;
  }
  return null;
}
