import { describe, expect, it } from 'vitest';
import { config, z } from 'zod';
import { configureZodWithoutEval } from './zod-without-eval';

describe('configureZodWithoutEval', () => {
  it('turns on the setting zod itself reads (z.config), so no eval probe runs', () => {
    const before = config().jitless;
    try {
      configureZodWithoutEval();
      expect(config().jitless).toBe(true);
      // Object schemas still parse (without the compiled fast path).
      expect(z.object({ name: z.string() }).parse({ name: 'Midnight' })).toEqual({
        name: 'Midnight',
      });
    } finally {
      config({ jitless: before });
    }
  });
});
