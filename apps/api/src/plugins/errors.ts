import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, GENERIC_MESSAGES, type ApiFailure } from '@registry/domain';
import { HttpError } from '../http-error.js';

/** Error codes meaning the database cannot be reached right now (network or server shutdown). */
const DATABASE_DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
]);

function isDatabaseDown(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && DATABASE_DOWN_CODES.has(code)) return true;
    const message = (current as { message?: unknown }).message;
    if (typeof message === 'string' && /Connection terminated|connection timeout/i.test(message)) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Turns every failure into `{ success: false, error }` with the right status; never a stack. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: ApiFailure) => reply.status(status).send(body);

    if (error instanceof HttpError) {
      return send(error.statusCode, {
        success: false,
        error: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        fields[key] ??= issue.message ?? GENERIC_MESSAGES.validationFailed;
      }
      const first = Object.values(fields)[0];
      return send(400, {
        success: false,
        error: first ?? GENERIC_MESSAGES.validationFailed,
        fields,
      });
    }
    if (error.statusCode === 429) {
      const isLogin = request.url.startsWith('/api/auth/');
      return send(429, {
        success: false,
        error: isLogin ? AUTH_MESSAGES.tooManyAttempts : GENERIC_MESSAGES.tooManyRequests,
      });
    }
    if (isDatabaseDown(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return send(503, { success: false, error: GENERIC_MESSAGES.databaseUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large).
      return send(status, { success: false, error: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { success: false, error: GENERIC_MESSAGES.serverError });
  });
}
