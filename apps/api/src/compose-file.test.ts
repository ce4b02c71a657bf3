import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config.js';

/** compose.yaml and docs/operations.md agree with the server they run (docs/operations.md). */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const compose = readFileSync(path.join(root, 'compose.yaml'), 'utf8');
const operations = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');

/** The app service's `NAME: value` environment lines. */
function appEnvironment(): Map<string, string> {
  const app = /^ {2}app:\n([\s\S]*?)(?=^ {2}\S)/m.exec(compose)?.[1] ?? '';
  const block = /^ {4}environment:\n((?: {6}.*\n|\s*\n)*)/m.exec(app)?.[1] ?? '';
  const entries = [...block.matchAll(/^ {6}([A-Z_]+): (.*)$/gm)];
  return new Map(entries.map((match) => [match[1]!, match[2]!]));
}

describe('compose.yaml', () => {
  it('passes the proxy and bucket settings through to the app', () => {
    const environment = appEnvironment();
    for (const name of [
      'TRUST_PROXY',
      'STORAGE_URL',
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
      'AWS_SESSION_TOKEN',
      'AWS_REGION',
    ]) {
      expect(environment.get(name), name).toBe(`\${${name}:-}`);
    }
  });

  it('sets only variables the server reads', () => {
    const environment = appEnvironment();
    expect(environment.size).toBeGreaterThan(10);
    for (const name of environment.keys()) expect(CONFIG_VARIABLES, name).toContain(name);
  });

  it('runs the PostgreSQL major version docs/operations.md names', () => {
    const image = /^ {4}image: postgres:(\d+)[-.\w]*$/m.exec(compose)?.[1];
    const named = /`compose.yaml` runs it with PostgreSQL (\d+)/.exec(operations)?.[1];
    expect(image).toBeDefined();
    expect(image).toBe(named);
  });
});
