import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response and the rate-limit machinery (limits are set per route).
 * The CSP allows only our own origin: no inline scripts, no plugins, no framing.
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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
