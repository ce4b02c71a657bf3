import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { openRateLimitRedis } from './rate-limit-store.js';

/**
 * Stripe.js and its Elements iframes, allowed only when Stripe is configured (Stripe's published
 * CSP requirements); the sandbox needs nothing outside our origin.
 */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** Our Content-Security-Policy: only our own origin; no inline scripts, plugins or framing. */
function contentSecurityPolicy(options: { stripe: boolean }): string {
  const stripe = (origins: string[]) => (options.stripe ? origins : []);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...stripe(STRIPE.script)],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...stripe(STRIPE.connect)],
    'frame-src': options.stripe ? STRIPE.frame : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

/** Headers on every answer, page or API. */
const COMMON_HEADERS = {
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Browsers heed it only over HTTPS, i.e. behind the TLS proxy (docs/operations.md).
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};

/** What pages (the web app, the API docs, downloads) carry: helmet's default set, our CSP. */
function pageHeaders(options: { stripe: boolean }): Readonly<Record<string, string>> {
  return Object.freeze({
    ...COMMON_HEADERS,
    'content-security-policy': contentSecurityPolicy(options),
    'cross-origin-opener-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}

/**
 * What API answers carry. JSON is never rendered as a page, so its CSP allows nothing at all,
 * and it carries personal data: no browser or proxy may keep a copy.
 */
const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...COMMON_HEADERS,
  'content-security-policy':
    "default-src 'none';object-src 'none';base-uri 'none';frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An HTML page served under /api (the sandbox payment page): page headers, never stored. */
    htmlPage?: boolean;
  }
}

const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Security headers on every response and the rate-limit machinery (limits are set per route).
 * The header sets never vary by request, so they are worked out once: on the hottest routes,
 * building them per request (as helmet does) cost more than Fastify itself.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { stripe: boolean; redisUrl?: string | undefined } = { stripe: false },
): Promise<void> {
  const forPages = pageHeaders(options);
  const forApiPages = Object.freeze({ ...forPages, 'cache-control': 'no-store' });
  app.addHook('onRequest', (request, reply, done) => {
    if (!isApi(request.url)) reply.headers(forPages);
    else reply.headers(request.routeOptions.config?.htmlPage ? forApiPages : API_HEADERS);
    done();
  });

  // With REDIS_URL the counts are shared by every server; otherwise each keeps its own.
  const redis = options.redisUrl ? await openRateLimitRedis(app, options.redisUrl) : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'registry-rate-limit-', skipOnError: true } : {}),
  });
}
