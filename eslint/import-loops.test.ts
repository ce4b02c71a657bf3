import { parseCircular, parseDependencyTree, type DependencyTree } from 'dpdm';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * No two files of the repository import each other, directly or round a loop
 * (docs/decisions/0115-no-import-loops.md). Type-only and lazy imports count: a loop of types
 * still ties the files together. ESLint's import/no-cycle skips type imports, so dpdm reads
 * the imports instead, resolving them as TypeScript does (each folder's tsconfig.json).
 */
const repoRoot = fileURLToPath(new URL('../', import.meta.url));

/** Folders of installed, built or generated files: no source of ours is there. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'dist-types', '.git', 'drizzle']);
/** The default DATA_DIR (uploads, secrets), when the app has run from this checkout. */
const DATA_DIR = 'data';
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

/** Every source file under `folder` (relative to the repository), tests included. */
function sourcesIn(folder: string): string[] {
  return readdirSync(path.join(repoRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) {
      return SKIPPED_FOLDERS.has(entry.name) || file === DATA_DIR ? [] : sourcesIn(file);
    }
    return SOURCE_FILE.test(entry.name) ? [file] : [];
  });
}
const SOURCES = sourcesIn('.');

let tree: DependencyTree;
beforeAll(async () => {
  tree = await parseDependencyTree(SOURCES, {
    cwd: repoRoot,
    context: repoRoot,
    exclude: /\/(node_modules|dist|dist-types)\//,
    // Types and lazy imports are imports too.
    transform: false,
    skipDynamicImports: false,
  });
});

describe('import loops', () => {
  it('reads the whole repository', () => {
    // A glob or resolver that stopped finding files must not pass as "no loops".
    const read = Object.keys(tree).filter((file) => tree[file] !== null);
    expect(SOURCES.length).toBeGreaterThan(900);
    expect(read.length).toBeGreaterThanOrEqual(SOURCES.length);
    const webStore = 'apps/web/src/stores/create-store.ts';
    expect(tree[webStore]?.map((dependency) => dependency.id)).toContain(
      'apps/web/src/stores/root-reducer.ts',
    );
  });

  it('finds no file that imports itself round a loop', () => {
    const loops = parseCircular(tree, false).map((loop) => loop.join(' -> '));
    expect(loops).toEqual([]);
  });

  it("has no loop hidden from the check by dpdm's ignore comment", () => {
    const ignored = SOURCES.filter(
      (file) =>
        // This file names the comment only to look for it.
        path.basename(file) !== 'import-loops.test.ts' &&
        readFileSync(path.join(repoRoot, file), 'utf8').includes('@dpdm-ignore'),
    );
    expect(ignored).toEqual([]);
  });
});
