import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

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

export function renderMarkdown(source: string): string {
  const html = markdown.parse(source, { async: false });
  return sanitizeHtml(html, ALLOWED);
}
