import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { StartupError } from '../db/client.js';

function describeTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '6379'}`;
  } catch {
    return 'the configured server';
  }
}

/**
 * The Redis connection the per-address rate limits count in when REDIS_URL is set, so that
 * every server behind one address shares the counts (docs/operations.md). Connected before
 * the server starts: an unreachable Redis stops the start with one clear line. Later outages
 * fail each command at once (no queueing), and the limiter then lets the request through; the
 * per-account limits live in the database and still hold
 * (docs/decisions/0007-per-address-rate-limits.md).
 */
export async function openRateLimitRedis(app: FastifyInstance, url: string): Promise<Redis> {
  let started = false;
  // Loaded only with REDIS_URL.
  const { Redis: RedisClient } = await import('ioredis');
  const redis = new RedisClient(url, {
    lazyConnect: true,
    connectTimeout: 5000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    // No retry before the first connection (the start fails instead); afterwards, reconnect.
    retryStrategy: (times) => (started ? Math.min(times * 200, 2000) : null),
  });
  // Reported through the limiter's own error path; never an unhandled 'error' event.
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit store error'));
  try {
    await redis.connect();
    started = true;
  } catch {
    redis.disconnect();
    throw new StartupError(
      `Start-up error: cannot reach Redis at ${describeTarget(url)} (REDIS_URL); start it or unset REDIS_URL`,
    );
  }
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}
