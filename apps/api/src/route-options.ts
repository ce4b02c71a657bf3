import type { FastifySchema } from 'fastify';

/** A signed-in caller's bearer token, the OpenAPI security of every route behind a session. */
export const BEARER = [{ bearer: [] }];

/**
 * The options of an office route: staff only (`access: 'admin'`, which the access plugin
 * checks before the handler), listed under the OpenAPI tag `admin` with its summary, and
 * `schema`'s inputs and response (the schemas keep their types, so the handler's request is
 * typed from them).
 */
export function adminRoute<S extends FastifySchema>(summary: string, schema: S) {
  return {
    config: { access: 'admin' as const },
    schema: { tags: ['admin'], summary, security: BEARER, ...schema },
  };
}

/**
 * The options of a member's route (`access: 'member'`: a signed-in member, checked by the access
 * plugin), listed under the OpenAPI tag `tag` with its summary, and `schema`'s inputs and
 * response.
 */
export function memberRoute<S extends FastifySchema>(tag: string, summary: string, schema: S) {
  return {
    config: { access: 'member' as const },
    schema: { tags: [tag], summary, security: BEARER, ...schema },
  };
}
