/** Where zod keeps the settings `z.config()` writes (zod/v4/core/core.js: `globalConfig`). */
interface ZodGlobalConfig {
  jitless?: boolean;
}

/**
 * Our Content-Security-Policy allows no eval. Unless `jitless` is set, zod probes for eval with
 * `new Function` on its first object parse: the probe is caught, but the browser still reports
 * a CSP violation, which Lighthouse lists under best practices (issue 12).
 *
 * Set through the global object zod reads its settings from, not through `z.config()`: that
 * import would pull part of zod's core (about 3 KB brotli) into the entry chunk, which every
 * page loads, when only the form chunks use zod. Runs in the entry, so before any form chunk.
 * zod-without-eval.test.ts holds zod to reading this object.
 */
export function configureZodWithoutEval(): void {
  const holder = globalThis as { __zod_globalConfig?: ZodGlobalConfig };
  // The same object zod creates if it is missing, so setting it first or later both work.
  (holder.__zod_globalConfig ??= {}).jitless = true;
}
