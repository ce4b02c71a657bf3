import helmet from '@fastify/helmet';
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

/**
 * Security headers on every response and the rate-limit machinery (limits are set per route).
 * The CSP allows only our own origin: no inline scripts, no plugins, no framing.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { stripe: boolean } = { stripe: false },
): Promise<void> {
  const stripe = (origins: string[]) => (options.stripe ? origins : []);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe(STRIPE.script)],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...stripe(STRIPE.connect)],
        frameSrc: options.stripe ? STRIPE.frame : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
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
