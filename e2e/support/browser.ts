import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { thisServer } from './server.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Flags for Debian's Chromium on a closed network (see DESIGN §8). */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Where a failed test's pages are kept as pictures. */
const FAILURE_DIR = process.env.E2E_FAILURE_DIR ?? '/tmp/e2e-failures';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * One browser per test file; every `newPage` gets a fresh context (empty storage), so tests
 * do not leak sessions into each other. Console errors (CSP violations included) are collected.
 */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const { baseURL } = thisServer();

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  });
  // A failed step in a browser is hard to read from a locator's timeout alone: every page the
  // failed test opened is kept as a picture (the path is printed with the failure).
  let contextsBefore = 0;
  afterEach(async ({ task }) => {
    const opened = contexts.slice(contextsBefore);
    contextsBefore = contexts.length;
    if (task.result?.state !== 'fail') return;
    mkdirSync(FAILURE_DIR, { recursive: true });
    const stem = task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
    const pages = opened.flatMap((context) => context.pages());
    for (const [index, page] of pages.entries()) {
      const file = `${FAILURE_DIR}/${stem}-${index}.png`;
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      console.error(`failed test's page ${index}: ${page.url()} -> ${file}`);
    }
  });
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
  });

  return {
    baseURL,
    async newPage(viewport = DESKTOP): Promise<Page & { consoleErrors: string[] }> {
      const context = await browser.newContext({ baseURL, viewport });
      contexts.push(context);
      const page = (await context.newPage()) as Page & { consoleErrors: string[] };
      page.consoleErrors = [];
      page.on('console', (message) => {
        if (message.type() === 'error') page.consoleErrors.push(message.text());
      });
      page.on('pageerror', (error) => page.consoleErrors.push(error.message));
      return page;
    },
  };
}

/** The path part of the page's URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
