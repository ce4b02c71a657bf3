import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandLineForPostgres, EMBEDDED_ONLY_FLAGS } from './node-flags.js';

/**
 * The server's V8 flags are written once, in the root package.json's start script; the Docker
 * image reads them from there at build time (docs/decisions/0103-build-guards.md).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const start = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start;
const startFlags = start.split(/\s+/).filter((word) => word.startsWith('--'));

describe('the V8 flags of the server', () => {
  it('are in the start script, before scripts/start.mjs', () => {
    expect(startFlags).toContain('--max-semi-space-size=2');
    expect(start).toMatch(/^node (--\S+ )+scripts\/start\.mjs$/);
  });

  it('reach the Docker image from the start script, written nowhere else in the Dockerfile', () => {
    for (const flag of startFlags) expect(dockerfile).not.toContain(flag.split('=')[0]);
    // The build step's own command, run here on the real package.json, gives the same flags.
    const step = /^RUN (node -p "(.*)") > node-flags$/m.exec(dockerfile);
    expect(step, 'the RUN line that writes node-flags').not.toBeNull();
    const written = execFileSync(process.execPath, ['-p', step![2]!.replaceAll('\\"', '"')], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(written.trim()).toBe(startFlags.join(' '));
    expect(dockerfile).toContain('COPY --from=build /app/node-flags ./');
    expect(dockerfile).toMatch(
      /^CMD \["sh", "-c", "exec node \$\(cat node-flags\) apps\/api\/dist\/server\.js"\]$/m,
    );
  });
});

describe('the server on PostgreSQL', () => {
  it('starts again without the embedded-only flags, keeping the rest and its own arguments', () => {
    expect(EMBEDDED_ONLY_FLAGS.every((flag) => startFlags.includes(flag))).toBe(true);
    // e2e/built-server-options.e2e.test.ts looks for this one by name in the server's command line.
    expect(EMBEDDED_ONLY_FLAGS).toEqual(['--optimize-for-size']);
    expect(
      commandLineForPostgres(
        [...startFlags, '--cpu-prof'],
        ['/usr/bin/node', '/srv/registry/scripts/start.mjs', 'x'],
      ),
    ).toEqual([
      ...startFlags.filter((flag) => !EMBEDDED_ONLY_FLAGS.includes(flag)),
      '--cpu-prof',
      '/srv/registry/scripts/start.mjs',
      'x',
    ]);
  });

  it('does not start again once they are gone (no loop)', () => {
    const without = startFlags.filter((flag) => !EMBEDDED_ONLY_FLAGS.includes(flag));
    expect(commandLineForPostgres(without, ['/usr/bin/node', 'dist/server.js'])).toBeUndefined();
  });
});
