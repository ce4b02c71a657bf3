import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/** scripts/check-migrations.mjs, the drift check `npm run lint` runs. */
const here = path.dirname(fileURLToPath(import.meta.url));
const script = path.resolve(here, '../../../../scripts/check-migrations.mjs');
const changed = path.join(here, 'drift-check-schema.tmp.ts');

function check(schema?: string): { code: number; output: string } {
  try {
    const output = execFileSync('node', [script], {
      env: { ...process.env, ...(schema ? { CHECK_MIGRATIONS_SCHEMA: schema } : {}) },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { code: 0, output };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, output: failed.stdout + failed.stderr };
  }
}

afterAll(() => rmSync(changed, { force: true }));

describe('the migrations drift check', () => {
  it('passes for the committed schema and fails for a column no migration adds', () => {
    const clean = check();
    expect(clean, clean.output).toMatchObject({ code: 0 });

    const schema = readFileSync(path.join(here, 'schema.ts'), 'utf8');
    writeFileSync(
      changed,
      `${schema}\nexport const driftProbe = pgTable('drift_probe', { id: integer('id').primaryKey() });\n`,
    );
    const drifted = check('./src/db/drift-check-schema.tmp.ts');
    expect(drifted.code).toBe(1);
    expect(drifted.output).toMatch(/has changes no migration carries/);
  }, 60_000);
});
