import { afterAll, beforeAll, describe } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { limitScenarios } from '../../test/limit-scenarios.js';

/**
 * Per-account limits under 100 concurrent attempts from several addresses (issue 20), on the
 * database of this run (PGlite, or PostgreSQL with TEST_DATABASE=postgres). The per-address
 * limit is raised out of the way: only the per-account limit is under test here.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      loginPerIpPerMinute: 10_000,
    },
  });
}, 60_000);
afterAll(() => t?.close());

describe('per-account limits under concurrent attempts', () => {
  limitScenarios(() => ({ apps: [t.app], db: t.database.db }));
});
