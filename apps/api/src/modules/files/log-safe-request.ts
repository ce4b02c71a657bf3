import { z } from 'zod';

/**
 * The options of a route serving a stored file through a signed link (`/…/:param?exp=&sig=`):
 * public (the signature is the access check) and never compressed again (stored files are
 * JPEG, PNG, PDF or MP4: compressed already). The signature is left out of the logged address
 * by the server's request serializer (plugins/log-safe-url.ts), as every credential in an
 * address is, whether the link reached this route or was mistyped.
 */
export function signedLinkRouteOptions<K extends string>(param: K) {
  return {
    config: { access: 'public' as const },
    compress: false as const,
    schema: {
      hide: true,
      params: z.object({ [param]: z.string().max(64) } as Record<K, z.ZodString>),
      querystring: z.object({ exp: z.string().optional(), sig: z.string().optional() }),
    },
  };
}
