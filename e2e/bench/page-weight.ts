import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';

export interface PageWeight {
  page: string;
  files: number;
  jsGzipKb: number;
  cssGzipKb: number;
  totalGzipKb: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** JavaScript and CSS a page loads until the network is idle, gzip -9 sizes. */
async function measure(
  browser: Browser,
  baseURL: string,
  label: string,
  prepare: (page: Page) => Promise<void>,
  path: string,
): Promise<PageWeight> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await prepare(page);
  const sizes = { js: 0, css: 0, files: 0 };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    const kind = type.includes('javascript') ? 'js' : type.includes('text/css') ? 'css' : undefined;
    if (!kind) return;
    pending.push(
      response.body().then((body) => {
        sizes[kind] += gzipSync(body, { level: 9 }).length;
        sizes.files += 1;
      }),
    );
  });
  await page.goto(path);
  // The page is shown once its title is; then whatever it fetches in the background settles.
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await context.close();
  return {
    page: label,
    files: sizes.files,
    jsGzipKb: kb(sizes.js),
    cssGzipKb: kb(sizes.css),
    totalGzipKb: kb(sizes.js + sizes.css),
  };
}

export async function measurePageWeights(
  browser: Browser,
  baseURL: string,
  memberToken: { token: string; role: string; user: unknown },
): Promise<PageWeight[]> {
  const signedIn = async (page: Page) => {
    await page.addInitScript((session) => {
      localStorage.setItem('accessToken', session.token);
      localStorage.setItem('userRole', session.role);
      localStorage.setItem('userData', JSON.stringify(session.user));
    }, memberToken);
  };
  return [
    await measure(browser, baseURL, 'login (/login)', async () => undefined, '/login'),
    await measure(browser, baseURL, 'member dashboard (/dashboard)', signedIn, '/dashboard'),
  ];
}
