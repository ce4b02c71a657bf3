import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose values are credentials, by lower-case name: a signed link's
 * signature, a set-password token (the emailed links sent before it moved into the fragment),
 * Stripe's client secrets on its return URL, and payment ids (a sandbox payment's id is enough
 * to approve it on the sandbox's public page).
 */
const SECRET_PARAMS = new Set([
  'sig',
  'token',
  'payment_intent',
  'payment_intent_client_secret',
  'setup_intent',
  'setup_intent_client_secret',
  'paymentintentid',
]);

/**
 * Paths whose next segment is a credential, but for the route names kept: the set-password
 * check of older web clients (the page now posts the token to `.../check`), and the sandbox's
 * public approve/decline pages of one payment.
 */
const SECRET_SEGMENTS: ReadonlyArray<{ prefix: string; keep: readonly string[] }> = [
  { prefix: '/api/auth/set-password/', keep: ['check'] },
  { prefix: '/api/sandbox/payments/', keep: [] },
];

const REDACTED = '[redacted]';

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** The path with the credential segment after a SECRET_SEGMENTS prefix replaced. */
function safePath(path: string): string {
  // Compared decoded and in lower case: the router also takes `set-%70assword` and `SET-...`
  // is a mistyped address that still carries a token.
  const plain = decoded(path).toLowerCase();
  for (const { prefix, keep } of SECRET_SEGMENTS) {
    if (!plain.startsWith(prefix)) continue;
    const rest = plain.slice(prefix.length);
    const slash = rest.indexOf('/');
    const segment = slash < 0 ? rest : rest.slice(0, slash);
    if (keep.includes(segment)) return path;
    return `${prefix}${REDACTED}${slash < 0 ? '' : rest.slice(slash)}`;
  }
  return path;
}

/**
 * `url` (a request's path and query) as it may be logged: the values of credential
 * parameters and credential path segments replaced, the rest kept for debugging. A credential
 * in a log would work for anyone who can read the logs until it expires (issue 20 §3 for
 * signed links, issue 28 §5 for set-password tokens).
 */
export function logSafeUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutFragment = hash < 0 ? url : url.slice(0, hash);
  const at = withoutFragment.indexOf('?');
  const path = safePath(at < 0 ? withoutFragment : withoutFragment.slice(0, at));
  // A fragment never reaches a server from a browser; one sent anyway is not kept.
  const fragment = hash < 0 ? '' : `#${REDACTED}`;
  if (at < 0) return `${path}${fragment}`;
  const query = withoutFragment
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return SECRET_PARAMS.has(decoded(name).toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}${fragment}`;
}

/**
 * The `req` log serializer of the whole server (app.ts): Fastify's default fields, with the
 * address made log-safe. Fastify logs every request's address ("incoming request"), whether a
 * route matched or not, so redacting here covers every route, page and mistyped link.
 */
export function requestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: logSafeUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
