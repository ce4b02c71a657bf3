import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { typeCheck, writeClient, type Document } from '../test/openapi-client.js';

/**
 * What an integrator does with /api/docs/json (issue 33 §4, docs/api.md "The OpenAPI
 * document"): generate a typed client and lint the document.
 */

let harness: TestApp;
let document: Document & Record<string, unknown>;
let served: string;
const work = mkdtempSync(path.join(tmpdir(), 'registry-openapi-'));

beforeAll(async () => {
  harness = await createTestApp();
  const response = await harness.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  served = response.body;
  document = response.json();
}, 60_000);

afterAll(async () => {
  await harness?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('a client generated from /api/docs/json', () => {
  it('type-checks a call of every route, and fails for a route whose answer lost its schema', async () => {
    const good = await writeClient(path.join(work, 'good'), document);
    // The same document with one route's answer schema lost, as when a route forgets it.
    const broken = structuredClone(document);
    const members = broken.paths['/api/admin/members']?.get;
    expect(members?.responses?.['200']).toBeDefined();
    delete members?.responses?.['200'];
    const lost = await writeClient(path.join(work, 'broken'), broken);

    const problems = typeCheck([good, lost]);

    expect(problems.filter((problem) => problem.startsWith(good))).toEqual([]);
    const source = readFileSync(good, 'utf8');
    const calls = source.match(/^export async function /gm) ?? [];
    // One call per operation; the OpenAPI test checks that every route is an operation.
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item));
    expect(calls.length).toBe(operations.length);
    expect(calls.length).toBeGreaterThanOrEqual(harness.app.routeTable.length);
    // Only the doctored route fails, and it does.
    const failing = problems.filter((problem) => problem.startsWith(lost));
    expect(failing).toHaveLength(1);
    const line = Number(failing[0]?.split(':')[1]);
    const brokenLines = readFileSync(lost, 'utf8').split('\n');
    expect(brokenLines.slice(Math.max(0, line - 8), line).join('\n')).toContain(
      'GET /api/admin/members */',
    );
  }, 120_000);
});

describe('the Redocly lint of /api/docs/json', () => {
  it('finds no problem, warnings included', async () => {
    const file = path.join(work, 'openapi.json');
    writeFileSync(file, served);
    const require = createRequire(import.meta.url);
    const cli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');
    const config = path.join(import.meta.dirname, '../../redocly.yaml');
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', file, '--config', config, '--format', 'json'],
      {
        // Offline and quiet: no usage data sent, no check for a newer version.
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          DO_NOT_TRACK: '1',
        },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; message: string; location?: Array<{ pointer?: string }> }>;
    };
    const problems = report.problems.map(
      (problem) => `${problem.ruleId} ${problem.location?.[0]?.pointer ?? ''}: ${problem.message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});
