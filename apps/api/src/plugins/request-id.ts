import type { FastifyInstance } from 'fastify';

/**
 * Every answer carries `x-request-id`: the id the server logged the request under (a fresh
 * UUID, see app.ts), so a member can quote it and the office can find the log lines.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
}
