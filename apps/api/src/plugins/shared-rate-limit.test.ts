import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@registry/domain';
import Fastify from 'fastify';
import { StartupError } from '../db/client.js';
import { loadConfig } from '../config.js';
import { MEMBER_B, createTestApp, type TestApp } from '../test/harness.js';
import { openRateLimitRedis } from './rate-limit-store.js';

/**
 * Per-address limits counted in Redis (REDIS_URL) hold for the sum of several servers. Needs the
 * Redis server of the development machine (127.0.0.1:6379, docs/operations.md).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const limits = { loginPerIpPerMinute: 3 };

const servers: TestApp[] = [];
beforeAll(async () => {
  for (let i = 0; i < 2; i += 1) {
    servers.push(await createTestApp({ redisUrl: REDIS_URL, rateLimits: limits }));
  }
}, 60_000);
afterAll(async () => {
  for (const server of servers) await server.close();
});

describe('per-address limits with REDIS_URL', () => {
  it('count sign-ins of one address on both servers together', async () => {
    // A fresh address each run: counts live a minute in the shared Redis.
    const ip = `10.${randomInt(1, 250)}.${randomInt(1, 250)}.${randomInt(1, 250)}`;
    const codes: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const server = servers[i % 2] as TestApp;
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: MEMBER_B,
        remoteAddress: ip,
      });
      codes.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({ success: false, error: AUTH_MESSAGES.tooManyAttempts });
      }
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    // Another address is counted on its own.
    const other = await (servers[1] as TestApp).app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: MEMBER_B,
      remoteAddress: `${ip.slice(0, ip.lastIndexOf('.'))}.251`,
    });
    expect(other.statusCode).toBe(200);
  });

  it('refuses to start when Redis cannot be reached, with one clear line', async () => {
    const bare = Fastify();
    const start = openRateLimitRedis(bare, 'redis://127.0.0.1:1');
    await expect(start).rejects.toBeInstanceOf(StartupError);
    await expect(start).rejects.toThrow(/cannot reach Redis at 127\.0\.0\.1:1 \(REDIS_URL\)/);
    await bare.close();
  });

  it('takes only a redis:// or rediss:// REDIS_URL', () => {
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379' }).redisUrl).toBe('redis://cache:6379');
    expect(() => loadConfig({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL/);
  });
});
