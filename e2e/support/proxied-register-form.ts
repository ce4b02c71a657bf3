import { chromium, type Browser } from 'playwright-core';
import { E2E_MEMBER_2 } from './accounts.js';
import { DESKTOP } from './browser.js';
import type { CuttingProxy } from './cutting-proxy.js';
import { signIn } from './session.js';

/** Chromium for the upload tests, which reach the server through a proxy of their own. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    headless: true,
  });
}

/**
 * Member 2's Register Horse form in a browser context of its own that goes through `proxy`,
 * fresh (an earlier run's draft, which a chosen file starts, is set aside).
 */
export async function openRegisterFormThrough(browser: Browser, proxy: CuttingProxy) {
  const context = await browser.newContext({ baseURL: proxy.baseURL, viewport: DESKTOP });
  const page = await context.newPage();
  await signIn(page, 'member', E2E_MEMBER_2);
  await page.getByTestId('app-sidebar').getByRole('link', { name: 'My Horses' }).click();
  await page.getByRole('button', { name: 'Register Horse' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Register Horse' });
  await dialog.waitFor();
  const fresh = dialog.getByRole('button', { name: 'Start fresh' });
  const offered = await fresh.waitFor({ timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (offered) await fresh.click();
  return { context, page, dialog };
}
