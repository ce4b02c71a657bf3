import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { ChangeFeed } from './change-feed.js';

declare module 'fastify' {
  interface FastifyInstance {
    changes: ChangeFeed;
  }
  interface FastifyRequest {
    /** Every change committed before this request arrived has been heard (`ChangeFeed.heardFor`). */
    changesHeard: boolean;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Starts the change feed the read caches depend on. Any API request that may have written
 * moves it before its answer leaves, so the caller's next request never sees an older copy;
 * other servers hear of the change through the database's NOTIFY.
 */
export const changeFeedPlugin = fp(
  async (app: FastifyInstance, options: { database: Database }) => {
    const feed = new ChangeFeed();
    await feed.start(options.database, app.log);
    app.decorate('changes', feed);
    app.decorateRequest('changesHeard', false);
    app.addHook('onSend', (request, reply, payload, done) => {
      // A request refused by a rate limit never reached a handler that could write.
      if (!READS.has(request.method) && reply.statusCode !== 429) feed.changed();
      done(null, payload);
    });
    app.addHook('onClose', () => feed.stop());
  },
  { name: 'change-feed' },
);
