import { ADMIN_MESSAGES } from './messages.js';

/**
 * The dashboard text's largest size. Here, beside its check, not with the horse schemas: the
 * office's editor reads it, and importing it from a schema module brought zod into its page.
 */
export const DASHBOARD_CONTENT_MAX_BYTES = 20 * 1024;

/**
 * How deeply the dashboard text may nest quotes, lists and emphasis (issue 28 §6). The
 * markdown renderer (marked) nests by recursion, one level of its call stack per level of
 * the text, and overflowed the stack on 2,000 `>`
 * (docs/decisions/0036-dashboard-content-as-sanitized-markdown.md). 20 is far below where it fails
 * and far above what a notice needs.
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

/** An ordered list marker where the scan stands (`1.`, `12)`), followed by a space or the end. */
const ORDERED_MARKER = /\d{1,9}[.)](?=[ \t]|$)/y;

/** The index of the last character of `line` that is neither `mark` nor a space or tab. */
function lastOtherThan(line: string, mark: string): number {
  for (let index = line.length - 1; index >= 0; index -= 1) {
    const char = line[index];
    if (char !== mark && char !== ' ' && char !== '\t') return index;
  }
  return -1;
}

function lineNesting(line: string): number {
  // Past these, the line is only `-` (or `*`) and spaces: three or more make a rule (`- - -`),
  // not lists. Found once per line, so a line of 10,000 markers is scanned in one pass.
  const ruleAfter = { '-': lastOtherThan(line, '-'), '*': lastOtherThan(line, '*') };
  let depth = 0;
  let at = 0;
  for (;;) {
    while (line[at] === ' ' || line[at] === '\t') at += 1;
    const char = line[at];
    if (char === '>') {
      at += 1;
    } else if (char === '-' || char === '*' || char === '+') {
      const next = line[at + 1];
      if (next !== undefined && next !== ' ' && next !== '\t') break;
      if (char !== '+' && at > ruleAfter[char] && line.slice(at).split(char).length > 3) break;
      at += 1;
    } else {
      ORDERED_MARKER.lastIndex = at;
      if (!ORDERED_MARKER.test(line)) break;
      at = ORDERED_MARKER.lastIndex;
    }
    depth += 1;
  }
  return depth;
}

/**
 * The most containers any one line opens: the `>` and list markers at its start (`> > - x` is
 * 3). What the editor can count as the admin types, without the renderer; it over-counts
 * rather than under-counts (markers inside a fenced code block count too), and the server
 * also measures what the renderer actually builds (`apps/api/src/modules/content/sanitize.ts`).
 */
export function markdownLineNesting(markdown: string): number {
  let deepest = 0;
  for (const line of markdown.split(/\r\n|\r|\n/)) deepest = Math.max(deepest, lineNesting(line));
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
