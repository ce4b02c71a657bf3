import { describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './support/accounts.js';
import { useBrowser } from './support/browser.js';
import { api, signIn, storedSession } from './support/session.js';

/**
 * The Members List on a desktop with a very long name and no password yet (issue 29 §4): the
 * page never scrolls sideways; at 1280 px the whole table fits, and where it cannot (1024 px)
 * it scrolls in its own box, says so, and keeps the row actions in view.
 */
const browser = useBrowser();
const run = Date.now() % 1_000_000;
const longMember = {
  firstName: 'Maximiliana Alexandrina Bartholomea',
  lastName: `Wolfeschlegelsteinhausenbergerdorff-Featherstonehaugh ${run}`,
  email: `maximiliana.wolfeschlegelsteinhausenbergerdorff.${run}@gaited-horse-association.e2e.test`,
  memberNumber: `LONG-${run}-000000000`,
  city: 'Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch',
};

describe('Members List width', () => {
  it('fits a 1280 and a 1024 px desktop with a very long name', async () => {
    const page = await browser.newPage({ width: 1280, height: 800 });
    await signIn(page, 'admin', E2E_ADMIN);
    const token = (await storedSession(page)).accessToken ?? '';
    const created = await api(browser.baseURL, 'POST', '/admin/members', {
      token,
      body: longMember,
    });
    expect(created.status).toBe(201);

    await page.goto('/admin/members-list');
    const row = page.getByRole('row').filter({ hasText: 'Maximiliana' });
    await row.waitFor();
    // Shortened on screen, whole in the title.
    await row.getByTitle(longMember.email, { exact: true }).waitFor();

    const widths = () =>
      page.evaluate(() => {
        const box = document.querySelector('table')!.parentElement!;
        return {
          page: document.scrollingElement!.scrollWidth,
          window: innerWidth,
          table: box.scrollWidth,
          box: box.clientWidth,
        };
      });
    const at1280 = await widths();
    await page.screenshot({ path: '/tmp/members-width-1280.png' });
    expect(at1280.page).toBeLessThanOrEqual(at1280.window);
    expect(at1280.table).toBeLessThanOrEqual(at1280.box);
    const more1280 = await row.getByRole('button', { name: /^More/ }).boundingBox();
    expect(more1280!.x + more1280!.width).toBeLessThanOrEqual(1280);

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByText('scroll the table sideways').waitFor();
    const at1024 = await widths();
    await page.screenshot({ path: '/tmp/members-width-1024.png' });
    expect(at1024.page).toBeLessThanOrEqual(at1024.window);
    // The actions stay within the window, pinned to the box's right edge.
    const more = await row.getByRole('button', { name: /^More/ }).boundingBox();
    expect(more!.x + more!.width).toBeLessThanOrEqual(1024);
  });
});
