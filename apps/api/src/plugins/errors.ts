import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES, GENERIC_MESSAGES, type ApiFailure } from '@registry/domain';
import { HttpError } from '../http-error.js';
import { multipartFailure } from './multipart-errors.js';

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

/** The error and what it wraps: `cause` chains, and the attempts inside an AggregateError. */
function* causes(error: unknown): Generator<Record<string, unknown>> {
  const queue: unknown[] = [error];
  for (let seen = 0; queue.length > 0 && seen < 10; seen += 1) {
    const current = queue.shift();
    if (typeof current !== 'object' || current === null) continue;
    const record = current as Record<string, unknown>;
    yield record;
    if (record.cause !== undefined) queue.push(record.cause);
    if (Array.isArray(record.errors)) queue.push(...record.errors.slice(0, 4));
  }
}

/** Messages of the pg driver and pool when no connection can be had (they carry no code). */
const DATABASE_DOWN_MESSAGE =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i;

function isDatabaseDown(error: unknown): boolean {
  for (const record of causes(error)) {
    if (typeof record.code === 'string' && DATABASE_DOWN_CODES.has(record.code)) return true;
    if (typeof record.message === 'string' && DATABASE_DOWN_MESSAGE.test(record.message)) {
      return true;
    }
  }
  return false;
}

/**
 * A value PostgreSQL refused as data (SQLSTATE class 22: bad text, number out of range, a
 * date that does not exist...). The edge checks refuse what we know of; anything that still
 * gets through was sent by the client, so it is a 400, not a 500.
 */
function isRefusedValue(error: unknown): boolean {
  for (const record of causes(error)) {
    const code = record.code;
    if (typeof code === 'string' && code.length === 5 && code.startsWith('22')) return true;
  }
  return false;
}

/**
 * Failures Fastify decides before a route is found (a URL that is not valid percent-encoding,
 * a path parameter longer than the router keeps): the same answer shape as every other error.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const body: ApiFailure = {
    success: false,
    error: status === 414 ? GENERIC_MESSAGES.addressTooLong : GENERIC_MESSAGES.addressInvalid,
  };
  void reply.status(status).send(body);
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
        ...(error.conflict ? { conflict: error.conflict } : {}),
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
    const upload = multipartFailure(error);
    if (upload) return send(upload.statusCode, { success: false, error: upload.message });
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
    if (isRefusedValue(error)) {
      request.log.warn({ err: error }, 'database refused a value');
      return send(400, { success: false, error: GENERIC_MESSAGES.invalidValue });
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
