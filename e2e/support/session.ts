import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { pathOf } from './browser.js';

export async function signIn(
  page: Page,
  portal: 'admin' | 'member',
  account: { email: string; password: string },
): Promise<void> {
  await page.goto(portal === 'admin' ? '/admin/login' : '/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const home = portal === 'admin' ? '/' : '/dashboard';
  await page.waitForURL((url) => url.pathname === home);
  expect(pathOf(page)).toBe(home);
}

export function storedSession(page: Page) {
  return page.evaluate(() => ({
    accessToken: localStorage.getItem('accessToken'),
    userRole: localStorage.getItem('userRole'),
    userData: localStorage.getItem('userData'),
  }));
}

/** Calls the API directly (for setting up a test), with a token when given. */
export async function api(
  baseURL: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: { success: boolean; data?: unknown; error?: string } }> {
  const response = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: {
      ...(options.body ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body ? JSON.stringify(options.body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}
