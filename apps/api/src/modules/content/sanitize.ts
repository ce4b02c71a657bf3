import type { FastifyBaseLogger } from 'fastify';
import { Marked, type Token, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';
import {
  DASHBOARD_CONTENT_MAX_NESTING,
  DASHBOARD_CONTENT_MESSAGES,
  dashboardContentProblem,
} from '@registry/domain';
import { HttpError } from '../../http-error.js';

/**
 * Markdown -> HTML for the members' dashboard. Raw HTML inside the markdown is passed to the
 * sanitizer like everything else: only this allow-list survives, and links and images only
 * with http(s) (links also mailto). No script, style, iframe, form, event attribute or
 * javascript:/data: URL gets through.
 */
const ALLOWED = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard' as const,
  transformTags: {
    // Links leave the registry in a new tab without handing it our window.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

const markdown = new Marked({ async: false, gfm: true, breaks: false });

/**
 * The tokens that nest by recursion in marked's lexer and parser
 * (docs/decisions/0036-dashboard-content-as-sanitized-markdown.md).
 */
const NESTING = new Set(['blockquote', 'list', 'em', 'strong', 'del']);

function childrenOf(token: Token): Token[] {
  const generic = token as Tokens.Generic;
  const children: Token[] = [...(generic.tokens ?? [])];
  if (token.type === 'list') children.push(...(token as Tokens.List).items);
  if (token.type === 'table') {
    const table = token as Tokens.Table;
    for (const cell of [...table.header, ...table.rows.flat()]) children.push(...cell.tokens);
  }
  return children;
}

/** How deeply the parsed text nests; walked with a list, not recursion, so it cannot overflow. */
function deepestNesting(tokens: Token[]): number {
  const pending: Array<[Token, number]> = tokens.map((token) => [token, 0]);
  let deepest = 0;
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [token, outer] = next;
    const depth = outer + (NESTING.has(token.type) ? 1 : 0);
    deepest = Math.max(deepest, depth);
    for (const child of childrenOf(token)) pending.push([child, depth]);
  }
  return deepest;
}

export type Rendering = { html: string } | { problem: string; error?: unknown };

/**
 * The sanitized HTML of a dashboard text, or the rule it breaks; never throws. The shared
 * rules (size, markers per line) are checked before marked sees the text; then what marked
 * built is measured, for nesting a line cannot show (indented lists, emphasis). A stack
 * overflow inside marked is caught too and reported as nesting.
 */
export function renderDashboardText(source: string): Rendering {
  const problem = dashboardContentProblem(source);
  if (problem) return { problem };
  try {
    const tokens = markdown.lexer(source);
    if (deepestNesting(tokens) > DASHBOARD_CONTENT_MAX_NESTING) {
      return { problem: DASHBOARD_CONTENT_MESSAGES.tooDeep };
    }
    return { html: sanitizeHtml(markdown.parser(tokens), ALLOWED) };
  } catch (error) {
    if (error instanceof RangeError) return { problem: DASHBOARD_CONTENT_MESSAGES.tooDeep, error };
    return { problem: DASHBOARD_CONTENT_MESSAGES.unrenderable, error };
  }
}

/** For save and preview: the HTML, or a 400 naming the rule the text breaks. */
export function renderMarkdown(source: string): string {
  const rendering = renderDashboardText(source);
  if ('problem' in rendering) {
    throw new HttpError(400, rendering.problem, { markdown: rendering.problem });
  }
  return rendering.html;
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The text itself, escaped: a paragraph per blank-line-separated block, its lines kept. */
export function plainTextHtml(source: string): string {
  return source
    .split(/(?:\r\n|\r|\n)[ \t]*(?:\r\n|\r|\n)/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      const escaped = block.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
      return `<p>${escaped.replace(/\r\n|\r|\n/g, '<br />')}</p>`;
    })
    .join('\n');
}

/**
 * For reads: a saved text that breaks today's rules (saved before they existed) must not fail
 * every dashboard. It is shown as escaped plain text, and the log says why, once per read.
 */
export function renderSavedMarkdown(source: string, log: FastifyBaseLogger): string {
  const rendering = renderDashboardText(source);
  if ('html' in rendering) return rendering.html;
  log.warn(
    { problem: rendering.problem, err: rendering.error, bytes: Buffer.byteLength(source, 'utf8') },
    'the saved dashboard text cannot be rendered; shown as plain text until it is saved again',
  );
  return plainTextHtml(source);
}
