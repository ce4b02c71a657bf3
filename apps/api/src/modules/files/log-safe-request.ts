import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Query parameters whose values are credentials: a signed link's signature. */
const SECRET_PARAMS = new Set(['sig']);

function decoded(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/** `url` with the values of credential parameters replaced, the rest kept for debugging. */
export function withoutSignature(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      return SECRET_PARAMS.has(decoded(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

/**
 * The `req` log serializer of the signed-link routes: Fastify's default fields, with the
 * signature left out of the logged address. A link in a log would otherwise open the file to
 * anyone who can read the logs until it expires.
 */
export function requestWithoutSignature(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: withoutSignature(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The options of a route serving a stored file through a signed link (`/…/:param?exp=&sig=`):
 * public (the signature is the access check), logged without the signature, and never
 * compressed again (stored files are JPEG, PNG, PDF or MP4: compressed already).
 */
export function signedLinkRouteOptions<K extends string>(param: K) {
  return {
    config: { access: 'public' as const },
    logSerializers: { req: requestWithoutSignature },
    compress: false as const,
    schema: {
      hide: true,
      params: z.object({ [param]: z.string().max(64) } as Record<K, z.ZodString>),
      querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
    },
  };
}
