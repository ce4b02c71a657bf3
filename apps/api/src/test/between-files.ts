import { afterAll, vi } from 'vitest';
import { resetFixtureNames } from './admin-fixtures.js';

/**
 * The API project runs its files without isolation (vitest.config.ts): one module load per
 * worker instead of one per file, about 40% of the suite's CPU time. Module state that matters
 * lives in each test's own app and database; what a file could still leave behind in the
 * shared process is a fake clock, a spy or a stubbed global or variable, and those end with
 * the file that made them; so do the fixtures' name counters (each file's first horse keeps
 * the form's own names, as its tests expect).
 */
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  resetFixtureNames();
});
