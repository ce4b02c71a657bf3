import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

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
export function contentSecurityPolicy(options: { stripe: boolean }): string {
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

/**
 * The security headers every response carries (the set helmet's defaults give, with our CSP).
 * They never vary by request, so they are worked out once: on the hottest routes, building them
 * per request cost more than Fastify itself.
 */
export function securityHeaders(options: { stripe: boolean }): Readonly<Record<string, string>> {
  return Object.freeze({
    'content-security-policy': contentSecurityPolicy(options),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Browsers heed it only over HTTPS, i.e. behind the TLS proxy (docs/operations.md).
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });
}

/** Security headers on every response and the rate-limit machinery (limits are set per route). */
export async function registerSecurity(
  app: FastifyInstance,
  options: { stripe: boolean } = { stripe: false },
): Promise<void> {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  await app.register(rateLimit, { global: false });

  // API answers carry personal data: never let a browser or proxy keep a copy.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
