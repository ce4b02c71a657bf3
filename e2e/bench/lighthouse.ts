import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import type { Session } from './page-weight.js';
import { freePort } from '../../apps/api/src/test/spawned-server.js';

export interface LighthouseFigures {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes of CSS the page loaded and never used, as Lighthouse estimates them on the wire. */
  unusedCssBytes: number;
  /** Audits of the three categories that did not pass, by title. */
  failed: string[];
}

/** A plain headless Chromium with nothing running beside the page. */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/**
 * A Chromium of its own (new profile, so an empty cache) that Lighthouse drives on `port`.
 * Launched by Playwright, which keeps its own connection: attaching to a Chromium started apart
 * (`connectOverCDP`) never finished with Debian's Chromium 156.
 */
async function startChromium(executable: string) {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'registry-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: executable,
    headless: true,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  });
  return {
    port,
    context,
    async stop() {
      await context.close();
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
      } catch {
        // Chromium's helper processes may still be writing; a temporary folder is left behind.
      }
    },
  };
}

/**
 * Signs the profile in the way the app does after a sign-in (its session keys in localStorage),
 * from a JSON address of the same origin so no script or stylesheet lands in the cache first.
 */
async function signIn(context: BrowserContext, baseURL: string, session: Session): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${baseURL}/api/health`);
  await page.evaluate((s) => {
    localStorage.setItem('accessToken', s.token);
    localStorage.setItem('userRole', s.role);
    localStorage.setItem('userData', JSON.stringify(s.user));
  }, session);
  await page.close();
}

async function audit(
  executable: string,
  baseURL: string,
  label: string,
  address: string,
  session?: Session,
): Promise<LighthouseFigures> {
  const browser = await startChromium(executable);
  try {
    if (session) await signIn(browser.context, baseURL, session);
    const result = await lighthouse(`${baseURL}${address}`, {
      port: browser.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // Default settings are the mobile preset: a mid-range phone (4x slower CPU) on slow 4G,
      // simulated. Storage is kept for signed-in pages only: the sign-in lives there.
      disableStorageReset: Boolean(session),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${address}`);
    const { lhr } = result;
    // LIGHTHOUSE_REPORTS=<folder>: keep each page's full report, to see where its time goes.
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      const file = `${label.replace(/\W+/g, '-').toLowerCase()}.json`;
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, file), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) {
      throw new Error(
        `Lighthouse on ${address}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
      );
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const failed = CATEGORIES.flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a !== undefined && a.score !== null && a.score < 0.9)
        .map((a) => a!.title),
    );
    const unusedCss = lhr.audits['unused-css-rules']?.details as
      { overallSavingsBytes?: number } | undefined;
    return {
      page: label,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      fcpMs: Math.round(value('first-contentful-paint')),
      lcpMs: Math.round(value('largest-contentful-paint')),
      tbtMs: Math.round(value('total-blocking-time')),
      cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
      unusedCssBytes: unusedCss?.overallSavingsBytes ?? 0,
      failed,
    };
  } finally {
    await browser.stop();
  }
}

/**
 * Lighthouse's mobile preset on the pages a member meets first, each in a new profile; then
 * pages beyond those issue 12 names: the administrators' dashboard, the public page behind a
 * certificate's QR code (when the demo data has an approved horse), and the other list and
 * form pages of both roles.
 */
export async function measureLighthouse(
  executable: string,
  baseURL: string,
  member: Session,
  admin: Session,
  verifyPath?: string,
): Promise<LighthouseFigures[]> {
  const pages: Array<[string, string, Session | undefined]> = [
    ['member sign-in', '/login', undefined],
    ['administrator sign-in', '/admin/login', undefined],
    ['member dashboard', '/dashboard', member],
    ['My Horses', '/horse-list', member],
    ['Register Horse', '/register-horse', member],
    ['administrator dashboard', '/', admin],
  ];
  if (verifyPath) pages.push(['registration check (QR code)', verifyPath, undefined]);
  pages.push(
    ['Profile', '/profile', member],
    ['Search Horses', '/search-all-horses', member],
    ['Horse List (office)', '/admin/horse-list', admin],
    ['Horse Approve/Reject', '/admin/horse-reject-approve', admin],
    ['Members List', '/admin/members-list', admin],
  );
  // LIGHTHOUSE_PAGES=/register-horse,/login: only those addresses (when working on one page).
  const only = process.env.LIGHTHOUSE_PAGES?.split(',');
  const figures: LighthouseFigures[] = [];
  for (const [label, address, session] of pages) {
    if (only && !only.includes(address)) continue;
    figures.push(
      await audit(executable, baseURL, label, address, session).catch((error: unknown) => {
        // Lighthouse's trace recording sometimes misses the navigation's start (NO_NAVSTART)
        // and the whole section was lost: a page that fails is audited once more, in a new
        // profile like every audit.
        const message = error instanceof Error ? error.message : String(error);
        if (!/NO_NAVSTART|NO_FCP|NO_LCP/.test(message)) throw error;
        return audit(executable, baseURL, label, address, session);
      }),
    );
  }
  return figures;
}
