import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Session } from './page-weight.js';

/**
 * Lighthouse as an outside reviewer runs it (issue 34): the Lighthouse 13 command line on
 * Node 24 (both taken from npm with npx, as the Node 24 test pass takes its Node), launching
 * Debian's Chromium itself, each run a first visit in a fresh copy of a profile that holds only
 * the signed-in session (so an empty HTTP cache), on the default mobile preset: simulated slow
 * 4G and a 4x slower CPU. Every page is run several times and every run is reported, the worst
 * first: TBT moves with whatever else the machine is doing, and the worst run is what a phone
 * meets on a bad day.
 */
export const LIGHTHOUSE_PACKAGE = 'lighthouse@13.5.0';
const NODE_PACKAGE = 'node@24';

export interface LighthouseFigures {
  page: string;
  /** 1-based run number of this page. */
  run: number;
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

/** Beside Lighthouse's own defaults: headless, no sandbox (root in a container), quiet Chromium. */
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/** Node 24 and the Lighthouse CLI from npm's cache (fetched once), as absolute paths. */
function lighthouseCommand(): { node: string; cli: string } {
  const out = execFileSync(
    'npx',
    [
      '--yes',
      '-p',
      NODE_PACKAGE,
      '-p',
      LIGHTHOUSE_PACKAGE,
      '-c',
      'echo "$(command -v node)"; readlink -f "$(command -v lighthouse)"',
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  )
    .trim()
    .split('\n');
  const [node, cli] = out.slice(-2);
  if (!node || !cli) throw new Error(`could not find ${LIGHTHOUSE_PACKAGE} on ${NODE_PACKAGE}`);
  return { node, cli };
}

/**
 * A Chromium profile holding only the session, stored the way the app stores it after a sign-in
 * (localStorage), written from a JSON address of the same origin so no script or stylesheet is
 * in its cache. Without a session: an empty profile.
 */
async function sessionProfile(
  executable: string,
  baseURL: string,
  session?: Session,
): Promise<string> {
  const profile = mkdtempSync(path.join(tmpdir(), 'registry-lighthouse-profile-'));
  if (!session) return profile;
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: executable,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await context.newPage();
    await page.goto(`${baseURL}/api/health`);
    await page.evaluate((s) => {
      localStorage.setItem('accessToken', s.token);
      localStorage.setItem('userRole', s.role);
      localStorage.setItem('userData', JSON.stringify(s.user));
    }, session);
    await page.close();
  } finally {
    await context.close();
  }
  // The HTTP cache of that visit (the health answer) is not part of "only the session".
  rmSync(path.join(profile, 'Default', 'Cache'), { recursive: true, force: true });
  return profile;
}

function runCli(command: { node: string; cli: string }, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command.node, [command.cli, ...args], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + String(chunk)).slice(-4000)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`lighthouse exited ${code}: ${errors}`)),
    );
  });
}

interface Lhr {
  runtimeError?: { code: string; message: string };
  categories: Record<
    string,
    { score: number | null; auditRefs: Array<{ id: string; weight: number }> }
  >;
  audits: Record<
    string,
    { score: number | null; title: string; numericValue?: number; details?: unknown }
  >;
}

async function auditOnce(
  command: { node: string; cli: string },
  executable: string,
  profile: string,
  url: string,
  label: string,
  run: number,
): Promise<LighthouseFigures> {
  const work = mkdtempSync(path.join(tmpdir(), 'registry-lighthouse-run-'));
  const copy = path.join(work, 'profile');
  const output = path.join(work, 'report.json');
  cpSync(profile, copy, { recursive: true });
  try {
    await runCli(
      command,
      [
        url,
        '--output=json',
        `--output-path=${output}`,
        `--only-categories=${CATEGORIES.join(',')}`,
        '--quiet',
        // With LIGHTHOUSE_REPORTS, its trace too (report-0.trace.json), copied beside the report.
        ...(process.env.LIGHTHOUSE_REPORTS ? ['--save-assets'] : []),
        // The session lives in the profile's localStorage, which Lighthouse would clear.
        '--disable-storage-reset',
        // Our flags come after chrome-launcher's own, and Chromium takes the last --user-data-dir.
        `--chrome-flags=${[...CHROMIUM_FLAGS, `--user-data-dir=${copy}`].join(' ')}`,
      ],
      { ...process.env, CHROME_PATH: executable },
    );
    const lhr = JSON.parse(readFileSync(output, 'utf8')) as Lhr;
    // LIGHTHOUSE_REPORTS=<folder>: keep each run's full report, to see where its time goes.
    if (process.env.LIGHTHOUSE_REPORTS) {
      mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
      const file = `${label.replace(/\W+/g, '-').toLowerCase()}-${run}.json`;
      writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, file), JSON.stringify(lhr));
      const trace = path.join(work, 'report-0.trace.json');
      if (existsSync(trace)) {
        cpSync(
          trace,
          path.join(process.env.LIGHTHOUSE_REPORTS, file.replace(/\.json$/, '.trace.json')),
        );
      }
    }
    if (lhr.runtimeError) {
      throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
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
      run,
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
    rmSync(work, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
  }
}

/** Runs per page: five by default (issue 34), LIGHTHOUSE_RUNS to change it while working. */
const runsPerPage = () => Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5) || 5);

/**
 * Every page of the product a member or the office opens first, each `runsPerPage()` times,
 * worst run first within a page (lowest performance, then highest TBT).
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
  const command = lighthouseCommand();
  const profiles = new Map<Session | undefined, string>();
  const figures: LighthouseFigures[] = [];
  try {
    for (const [label, address, session] of pages) {
      if (only && !only.includes(address)) continue;
      if (!profiles.has(session)) {
        profiles.set(session, await sessionProfile(executable, baseURL, session));
      }
      const profile = profiles.get(session)!;
      const runs: LighthouseFigures[] = [];
      for (let run = 1; run <= runsPerPage(); run++) {
        const once = () => auditOnce(command, executable, profile, baseURL + address, label, run);
        runs.push(
          await once().catch((error: unknown) => {
            // Lighthouse's trace recording sometimes misses the navigation's start (NO_NAVSTART):
            // that run is taken again in a new copy of the profile.
            const message = error instanceof Error ? error.message : String(error);
            if (!/NO_NAVSTART|NO_FCP|NO_LCP/.test(message)) throw error;
            return once();
          }),
        );
      }
      runs.sort((a, b) => a.performance - b.performance || b.tbtMs - a.tbtMs);
      figures.push(...runs);
    }
  } finally {
    for (const profile of profiles.values()) rmSync(profile, { recursive: true, force: true });
  }
  return figures;
}
