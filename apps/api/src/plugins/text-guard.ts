import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GENERIC_MESSAGES } from '@registry/domain';
import { HttpError } from '../http-error.js';

/**
 * PostgreSQL stores neither a NUL character nor a lone UTF-16 surrogate (a JSONB value with
 * "\ud800" is refused, and text never holds U+0000), so such a string reaching a query ends
 * in a database error. They are refused here, once, for every route: path parameters, query
 * string and JSON body, before the route's handler runs. Multipart forms are checked by their
 * readers with the same function (docs/decisions/0047-hostile-input-refused-at-the-edge.md).
 */

/** Deeper JSON than this is not something any of our forms sends. */
const MAX_DEPTH = 64;

/** A high surrogate not followed by a low one, or a low one without a high one before it. */
const LONE_SURROGATE_SOURCE =
  '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
const LONE_SURROGATE = new RegExp(LONE_SURROGATE_SOURCE);
/** Every lone surrogate, for code that removes them instead of refusing (file names). */
export const LONE_SURROGATES = new RegExp(LONE_SURROGATE_SOURCE, 'g');

function isUnsafeString(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/**
 * The dotted path of the first string (or object key) in `value` that cannot be stored, or
 * undefined when every string is safe. `prefix` names where the value came from.
 */
export function findUnsafeText(value: unknown, prefix = ''): string | undefined {
  return walk(value, prefix, 0);
}

function join(prefix: string, key: string | number): string {
  return prefix === '' ? String(key) : `${prefix}.${key}`;
}

function walk(value: unknown, path: string, depth: number): string | undefined {
  if (typeof value === 'string') return isUnsafeString(value) ? path || 'body' : undefined;
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return undefined;
  if (Buffer.isBuffer(value)) return undefined; // raw bodies (signed webhooks) are not text
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = walk(item, join(path, index), depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isUnsafeString(key)) return path || 'body';
    const found = walk(item, join(path, key), depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Throws the 400 every route answers for unstorable text at `field`. */
export function refuseUnsafeText(field: string): never {
  throw new HttpError(400, GENERIC_MESSAGES.unsafeText, { [field]: GENERIC_MESSAGES.unsafeText });
}

function checkRequest(request: FastifyRequest): void {
  const found =
    findUnsafeText(request.params) ?? findUnsafeText(request.query) ?? findUnsafeText(request.body);
  if (found) refuseUnsafeText(found);
}

/**
 * Checks every request before its schema and handler see it. Registered on the root instance
 * before the routes, so it applies to all of them; multipart bodies (which arrive as streams
 * inside the handler, or in a preValidation hook of their own) are checked once more by a
 * preHandler hook, when their fields have been attached to the body.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => checkRequest(request));
  app.addHook('preHandler', async (request) => {
    // Only the plugins that take multipart bodies decorate request.isMultipart(); read the header.
    if (String(request.headers['content-type']).startsWith('multipart/')) checkRequest(request);
  });
}
