import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * One Vitest run, five projects. `source` makes workspace packages resolve to their
 * TypeScript sources, so tests never depend on a previous build of packages/domain.
 */
const resolve = { conditions: ['source'] };
const ssr = { resolve: { conditions: ['source'], externalConditions: ['source'] } };

/** The web project's settings, shared by its two halves below. */
const web = {
  root: 'apps/web',
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  css: false,
  // Lazily loaded pages compile on first import; on a busy 2-core CI machine that alone has
  // taken over the default 5 s.
  testTimeout: 20_000,
} as const;

/**
 * Web test files that replace a module (`vi.mock`, `vi.doMock`) get a module graph of their own;
 * the rest share one per worker (docs/decisions/0129-web-tests-share-modules.md). Found by
 * reading the files, so a new file that mocks a module is kept apart without being listed.
 */
const webRoot = fileURLToPath(new URL('./apps/web/', import.meta.url));
const WEB_FILES_NEEDING_FRESH_MODULES = globSync('src/**/*.test.{ts,tsx}', { cwd: webRoot })
  .filter((file) => /\bvi\.(do)?[mM]ock\(/.test(readFileSync(webRoot + file, 'utf8')))
  .sort();

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one on a 2-core machine, which left
    // a core idle while the main process only collects results. Every core runs test files
    // (docs/benchmarks.md, "Suite time").
    maxWorkers: availableParallelism(),
    projects: [
      {
        resolve,
        ssr,
        // Pure functions and schemas with no state between files: one module load for all of
        // them instead of one per file.
        test: { name: 'domain', root: 'packages/domain', environment: 'node', isolate: false },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'api',
          root: 'apps/api',
          environment: 'node',
          // Each file builds its own app on its own database; the modules are loaded once per
          // worker, not once per file (src/test/between-files.ts, docs/benchmarks.md).
          isolate: false,
          setupFiles: ['./src/test/between-files.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          ...web,
          name: 'web',
          exclude: [...configDefaults.exclude, ...WEB_FILES_NEEDING_FRESH_MODULES],
          // One module graph per worker, not per file: 152 -> 44 s for the web suite
          // (docs/decisions/0129-web-tests-share-modules.md). Module state a file could leave
          // behind is reset between files (src/test/between-files.ts).
          isolate: false,
          setupFiles: [...web.setupFiles, './src/test/between-files.ts'],
        },
      },
      {
        resolve,
        test: { ...web, name: 'web-fresh', include: WEB_FILES_NEEDING_FRESH_MODULES },
      },
      {
        resolve,
        ssr,
        // Checks of the repository's structure: its import rules fed the imports they refuse,
        // and no import loops (eslint/*.test.ts). ESLint and dpdm read files; nothing runs.
        test: {
          name: 'lint',
          root: 'eslint',
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Two browser test files at a time, each worker with a built server of its own
          // (global-setup.ts): a browser journey leaves a core idle about half its time
          // (docs/decisions/0130-browser-tests-two-at-a-time.md).
          globalSetup: ['./global-setup.ts'],
        },
      },
    ],
  },
});
