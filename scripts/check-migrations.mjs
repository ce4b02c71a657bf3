#!/usr/bin/env node
// Fails when apps/api/src/db/schema.ts and the migrations in apps/api/drizzle have drifted
// apart: drizzle-kit generates into a copy of the migrations folder, and any new migration it
// writes there means the schema has a change no migration carries. Part of `npm run lint`.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'apps/api');
// The installed drizzle-kit itself, not `npx drizzle-kit`: inside `npx -p node@24 -c ...` (the
// Node 24 test pass) npm's exec settings are inherited and a nested npx refuses to run.
const drizzleKit = path.join(root, 'node_modules/drizzle-kit/bin.cjs');
// schema.ts takes its status lists from @registry/domain, which Node loads from its build: build
// it first (incremental, so a built tree costs a moment), as `npm run lint` runs before any build.
execFileSync(
  process.execPath,
  [path.join(root, 'scripts/tsc7.mjs'), '-b', path.join(root, 'packages/domain')],
  { stdio: 'inherit' },
);
const copy = mkdtempSync(path.join(tmpdir(), 'registry-migrations-'));
try {
  cpSync(path.join(api, 'drizzle'), copy, { recursive: true });
  const before = new Set(readdirSync(copy));
  const output = execFileSync(
    process.execPath,
    [
      drizzleKit,
      'generate',
      '--dialect=postgresql',
      // CHECK_MIGRATIONS_SCHEMA lets the test point at a schema with a change (api drift test).
      `--schema=${process.env.CHECK_MIGRATIONS_SCHEMA ?? './src/db/schema.ts'}`,
      // drizzle-kit reads --out relative to the working directory, even when absolute.
      `--out=${path.relative(api, copy)}`,
      '--name=drift',
    ],
    { cwd: api, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
  );
  const added = readdirSync(copy).filter((name) => !before.has(name));
  if (added.length > 0) {
    console.error(
      `check-migrations: src/db/schema.ts has changes no migration carries (drizzle-kit would write ${added.join(', ')}).\n` +
        'Run `npm run db:generate -w apps/api`, review the SQL and commit it with the schema change.',
    );
    process.exit(1);
  }
  // drizzle-kit can print an error and still exit 0: only its own all-clear counts.
  if (!/No schema changes/.test(output)) {
    console.error(`check-migrations: drizzle-kit did not confirm the schema:\n${output}`);
    process.exit(1);
  }
  console.log('check-migrations: schema and migrations agree');
} finally {
  rmSync(copy, { recursive: true, force: true });
}
