import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * The lint tests' one way to feed an import to the project's own ESLint config
 * (app-boundaries.test.ts, api-layers.test.ts): `code` is linted as if it were the file at `path`
 * (from the repository's root; no file is written), and the answer is the import rule's errors.
 */
const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const RULE = 'boundaries/dependencies';

let eslint: ESLint | undefined;

export async function importErrors(path: string, code: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: repoRoot });
  const results = await eslint.lintText(code, { filePath: `${repoRoot}${path}` });
  const result = results[0]!;
  // A sample that does not parse, or names an unknown rule, must not pass as "refused".
  expect(result.messages.filter((message) => message.fatal)).toEqual([]);
  return result.messages.filter((message) => message.ruleId === RULE).map((m) => m.message);
}

/** A sample file from its lines, each ended by a newline. */
export const sample = (...lines: string[]) => lines.map((line) => `${line}\n`).join('');

/** A test for each refused import, `[name, path, code]`: linted, it gets exactly one error. */
export function itRefuses(
  refused: readonly (readonly [name: string, path: string, code: string])[],
) {
  it.each(refused)('refuses %s', async (_name, path, code) => {
    expect(await importErrors(path, code)).toHaveLength(1);
  });
}
