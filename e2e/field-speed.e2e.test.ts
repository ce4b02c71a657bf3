import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { E2E_MEMBER } from './support/accounts.js';
import { PHONE, useBrowser } from './support/browser.js';
import { signIn } from './support/session.js';

const browser = useBrowser();

// The app's own chunk (the entry's code), held back below, and the signed-in chunk (shell and
// server-data cache) and My Horses' page chunk (apps/web/vite.config.ts).
const APP_CHUNK = /\/assets\/web-[\w-]+\.js$/;
const SIGNED_IN_CHUNK = /\/assets\/signed-in-[\w-]+\.js$/;
const MY_HORSES_CHUNK = /\/assets\/my-horses-page-[\w-]+\.js$/;

/** Holds the app's chunk until `release` is called, so only the entry's first lines can run. */
async function holdAppChunk(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(APP_CHUNK, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('field speed (issue 12)', () => {
  it('a signed-in page asks for the shell and its page while the app itself is still loading', async () => {
    const page = await browser.newPage(PHONE);
    await signIn(page, 'member', E2E_MEMBER);
    // A new visit in the same tab, cache cleared: the session is in storage, nothing loaded.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    const release = await holdAppChunk(page);
    const asked: string[] = [];
    page.on('request', (request: Request) => asked.push(request.url()));
    const visit = page.goto('/horse-list');
    await expect.poll(() => asked.some((url) => SIGNED_IN_CHUNK.test(url))).toBe(true);
    await expect.poll(() => asked.some((url) => MY_HORSES_CHUNK.test(url))).toBe(true);
    release();
    await visit;
    await page.getByRole('heading', { level: 1, name: 'My Horses' }).waitFor();
  });

  it('the sign-in page asks for none of it', async () => {
    const page = await browser.newPage(PHONE);
    const asked: string[] = [];
    page.on('request', (request: Request) => asked.push(request.url()));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked.some((url) => APP_CHUNK.test(url))).toBe(true);
    expect(asked.filter((url) => SIGNED_IN_CHUNK.test(url) || MY_HORSES_CHUNK.test(url))).toEqual(
      [],
    );
  });
});
