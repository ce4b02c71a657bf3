import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

/** /api/docs must document every route: what it is, what it answers, whether it needs a token. */
interface Operation {
  summary?: string;
  tags?: string[];
  responses?: Record<string, unknown>;
  security?: unknown[];
}

let harness: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  harness = await createTestApp();
  app = harness.app;
  await app.ready();
}, 60_000);

afterAll(async () => {
  await harness?.close();
});

describe('OpenAPI document', () => {
  it('documents every API route with a summary, tags, responses and its authentication', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, Operation>> };
    const problems: string[] = [];
    for (const route of app.routeTable) {
      const path = route.url.replace(/^\/api/, '').replace(/:([A-Za-z]+)/g, '{$1}');
      const operation =
        document.paths[path]?.[route.method.toLowerCase()] ??
        document.paths[`/api${path}`]?.[route.method.toLowerCase()];
      const name = `${route.method} ${route.url}`;
      if (!operation) {
        problems.push(`${name}: missing`);
        continue;
      }
      if (!operation.summary) problems.push(`${name}: no summary`);
      if (!operation.tags?.length) problems.push(`${name}: no tags`);
      if (!operation.responses || Object.keys(operation.responses).length === 0) {
        problems.push(`${name}: no responses`);
      }
      const needsToken = route.access !== 'public';
      if (needsToken !== Boolean(operation.security?.length)) {
        problems.push(`${name}: security ${needsToken ? 'missing' : 'on a public route'}`);
      }
    }
    expect(problems).toEqual([]);
    expect(app.routeTable.length).toBeGreaterThan(40);
  });
});
