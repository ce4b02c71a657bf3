import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { E2E_ADMIN } from './support/accounts.js';
import { axeViolations as violations } from './support/axe.js';
import { DESKTOP, PHONE, useBrowser } from './support/browser.js';
import { api, signIn, storedSession } from './support/session.js';

/**
 * Issue 31 §4: the public verify page of a sire lists its foal, and the foal's page shows the
 * five-generation chart through its linked sire and dam. The office links them through the API
 * (as its horse view does) and unlinks them afterwards, so other journeys find the demo horses
 * as they were.
 */
const browser = useBrowser();

interface Listed {
  _id: string;
  approvedName: string;
  registrationNum: string;
  sex: string;
}

let token = '';
const links: Array<{ id: string; side: 'sire' | 'dam' }> = [];

async function link(horseId: string, side: 'sire' | 'dam', registrationNumber: string | null) {
  const horse = await api(browser.baseURL, 'GET', `/admin/horses/${horseId}`, { token });
  const version = (horse.body.data as { version: number }).version;
  const answer = await api(browser.baseURL, 'PUT', `/admin/horses/${horseId}/parents/${side}`, {
    token,
    body: { registrationNumber, version },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

afterAll(async () => {
  for (const { id, side } of links) await link(id, side, null);
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `/tmp/lineage-${name}.png`, fullPage: true });

describe('offspring and five-generation pedigrees on the verify page', () => {
  it("a sire's page lists its foal; the foal's chart links its registered sire and dam", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signIn(admin, 'admin', E2E_ADMIN);
    token = (await storedSession(admin)).accessToken ?? '';
    const listed = await api(
      browser.baseURL,
      'GET',
      '/admin/horses?approvalStatus=approved&pageSize=50',
      { token },
    );
    const approved = (listed.body.data as { items: Listed[] }).items;
    // The demo register: Easy Rack (stallion), Tennessee Waltz (mare), Golden Rhythm (gelding).
    const sire = approved.find((h) => h.approvedName === 'Easy Rack')!;
    const dam = approved.find((h) => h.approvedName === 'Tennessee Waltz')!;
    const foal = approved.find((h) => h.approvedName === 'Golden Rhythm')!;
    expect([sire, dam, foal].every(Boolean)).toBe(true);
    await link(foal._id, 'sire', sire.registrationNum);
    links.push({ id: foal._id, side: 'sire' });
    await link(foal._id, 'dam', dam.registrationNum.toLowerCase());
    links.push({ id: foal._id, side: 'dam' });

    // The sire's public page, signed out: its foal, out of the registered dam.
    const visitor = await browser.newPage(DESKTOP);
    await visitor.goto(`/verify/${encodeURIComponent(sire.registrationNum)}`);
    const offspring = visitor.getByRole('list', { name: 'Registered offspring of Easy Rack' });
    await offspring.waitFor({ timeout: 30_000 });
    const entry = offspring.getByRole('listitem').filter({ hasText: 'Golden Rhythm' });
    await entry.waitFor();
    expect(await entry.textContent()).toContain('out of Tennessee Waltz');
    await visitor.getByRole('list', { name: 'Pedigree of Easy Rack' }).waitFor();
    await shot(visitor, 'sire');
    expect(await violations(visitor)).toEqual([]);

    // To the foal's page from the offspring list: sire and dam are registered (linked), and
    // their own typed parents fill the next generation.
    await entry.getByRole('link', { name: /Golden Rhythm/ }).click();
    const chart = visitor.getByRole('list', { name: 'Pedigree of Golden Rhythm' });
    await chart.waitFor({ timeout: 30_000 });
    const sireLink = chart.getByRole('link', { name: new RegExp(sire.registrationNum) });
    expect(await sireLink.getAttribute('href')).toBe(
      `/verify/${encodeURIComponent(sire.registrationNum)}`,
    );
    await chart.getByRole('link', { name: new RegExp(dam.registrationNum) }).waitFor();
    const cells = await chart.getByRole('listitem').allTextContents();
    // Easy Rack's sire and Tennessee Waltz's sire, from their own records.
    expect(cells.some((c) => c.includes("(sire's sire)") && c.includes('Midnight Sun'))).toBe(true);
    expect(cells.some((c) => c.includes("(dam's sire)") && c.includes('Copper King'))).toBe(true);
    // As deep as the register knows the line: the horse, parents, grandparents and the
    // (unknown) great-grandparents behind the known grandparents.
    const columns = await chart.evaluate(
      (el) => getComputedStyle(el).gridTemplateColumns.split(' ').length,
    );
    expect(columns).toBe(4);
    expect(await chart.getAttribute('data-depth')).toBe('3');
    await shot(visitor, 'foal');
    expect(await violations(visitor)).toEqual([]);

    // On a phone the chart is one column: nothing wider than the screen.
    const phone = await browser.newPage(PHONE);
    await phone.goto(`/verify/${encodeURIComponent(foal.registrationNum)}`);
    const phoneChart = phone.getByRole('list', { name: 'Pedigree of Golden Rhythm' });
    await phoneChart.waitFor({ timeout: 30_000 });
    const widths = await phone.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await shot(phone, 'foal-phone');
    expect(await violations(phone)).toEqual([]);
    expect(visitor.consoleErrors).toEqual([]);
    expect(phone.consoleErrors).toEqual([]);
  }, 180_000);
});
