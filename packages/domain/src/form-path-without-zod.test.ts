import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The modules the registration form reads as it opens. None of them may load zod, even through
 * another module: the form would then build zod's classes and schemas before its first paint
 * (docs/decisions/0064-zod-off-the-first-paint.md). The form's rules load
 * later, with its resolver.
 */
const OPENS_WITHOUT_ZOD = [
  'constants.ts',
  'messages.ts',
  'horse/constants.ts',
  'horse/messages.ts',
  'horse/dates.ts',
  'horse/fees.ts',
  'horse/card.ts',
  'horse/text-field-tables.ts',
  'horse/stored-fields.ts',
  'horse/upload-fields.ts',
  'horse/upload-constants.ts',
  'horse/draft-constants.ts',
  'horse/defaults.ts',
  'horse/pedigree-numbers.ts',
  'horse/register-rules.ts',
  'admin/change-labels.ts',
  'payments/messages.ts',
  'payments/mandate.ts',
  'payments/terms.ts',
  'payments/sandbox.ts',
  'payments/card-checks.ts',
];

const SOURCE = path.dirname(fileURLToPath(import.meta.url));

/** What a module imports when it runs: `import type` and `export type` lines load nothing. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(path.join(SOURCE, file), 'utf8');
  const statements = text.matchAll(
    /^(?:import|export)\s+(type\s+)?(?:\{[^}]*\}|\*(?:\s+as\s+\w+)?|\w+)\s+from\s+'([^']+)'/gm,
  );
  return [...statements].filter((m) => !m[1]).map((m) => m[2] ?? '');
}

/** The chain of modules through which `file` loads zod, if it does. */
function zodChain(file: string, seen = new Set<string>()): string[] | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  for (const specifier of runtimeImports(file)) {
    if (specifier === 'zod' || specifier.startsWith('zod/')) return [file, specifier];
    if (!specifier.startsWith('.')) continue;
    const next = path.join(path.dirname(file), specifier.replace(/\.js$/, '.ts'));
    const chain = zodChain(next, seen);
    if (chain) return [file, ...chain];
  }
  return undefined;
}

describe('modules the registration form opens with', () => {
  it.each(OPENS_WITHOUT_ZOD)('%s loads no zod', (file) => {
    expect(zodChain(file)).toBeUndefined();
  });

  it('notices a module that does', () => {
    expect(zodChain('horse/drafts.ts')).toEqual(['horse/drafts.ts', 'zod']);
    expect(zodChain('horse/sections/breeding.ts')).toEqual([
      'horse/sections/breeding.ts',
      'horse/fields.ts',
      'zod',
    ]);
  });
});
