import { defineConfig } from 'vitest/config';

/**
 * One Vitest run, four projects. `source` makes workspace packages resolve to their
 * TypeScript sources, so tests never depend on a previous build of packages/domain.
 */
const resolve = { conditions: ['source'] };
const ssr = { resolve: { conditions: ['source'], externalConditions: ['source'] } };

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        ssr,
        test: { name: 'domain', root: 'packages/domain', environment: 'node' },
      },
      {
        resolve,
        ssr,
        test: {
          name: 'api',
          root: 'apps/api',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          css: false,
          // Lazily loaded pages compile on first import; on a busy 2-core CI machine that
          // alone has taken over the default 5 s.
          testTimeout: 20_000,
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
          fileParallelism: false,
          globalSetup: ['./global-setup.ts'],
        },
      },
    ],
  },
});
