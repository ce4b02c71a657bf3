import { afterAll, vi } from 'vitest';

/**
 * The API project runs its files without isolation (vitest.config.ts): one module load per
 * worker instead of one per file, about 40% of the suite's CPU time. Module state that matters
 * lives in each test's own app and database; what a file could still leave behind in the
 * shared process is a fake clock, a spy or a stubbed global or variable, and those end with
 * the file that made them.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
