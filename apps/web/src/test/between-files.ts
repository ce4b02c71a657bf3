import { afterAll, vi } from 'vitest';

/**
 * The web project shares one worker, one jsdom window and the dependencies' modules between
 * its files (vitest.config.ts, docs/decisions/0129-web-tests-share-modules.md). What one file
 * could leave for the next is put back when it ends: our own modules are evaluated afresh
 * (their caches: the payment provider, the first page shown, the API client's handlers), the
 * page is emptied, and fake clocks, spies, stubbed globals and a file's own settings end.
 */
afterAll(async () => {
  // A page's chunk a test started loading (a lazy page, a form preloaded on hover) must finish
  // in this file's modules: finished after the reset, it would hand the next file a module
  // wired to this file's store and API client.
  await vi.dynamicImportSettled();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  // A file's own timeouts (vi.setConfig) end with it.
  vi.resetConfig();
  vi.resetModules();
  document.body.replaceChildren();
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name);
  // jsdom has no matchMedia; a file that gave the window one takes it away again.
  Reflect.deleteProperty(window, 'matchMedia');
  window.localStorage.clear();
  window.sessionStorage.clear();
});
