import os from 'node:os';
import { chromium } from 'playwright-core';
import { measureLighthouse, type LighthouseFigures } from './lighthouse.js';
import { measurePageWeights, type PageWeight, type Session } from './page-weight.js';
import { BENCH_ADMIN, BENCH_MEMBER, type RunningServer } from './server.js';

/** Issue 12's targets, reported beside the figures. */
const TARGETS = {
  loginFirstKb: 120,
  memberPagesFirstKb: 160,
  repeatAssetsKb: 5,
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  loginLcpMs: 2000,
  unusedCssKb: 20,
};

export interface FieldSpeed {
  weights: PageWeight[];
  lighthouse: LighthouseFigures[] | { error: string };
  /** The machine's 1-minute load average before and after Lighthouse (shared CPUs skew TBT). */
  loadAverage: [number, number];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const yes = (met: boolean) => (met ? 'yes' : 'no');

export async function signInThroughApi(
  baseURL: string,
  who: { email: string; password: string },
  portal: 'login' | 'admin-login',
): Promise<Session> {
  const response = await fetch(`${baseURL}/api/auth/${portal}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  if (!response.ok) throw new Error(`bench sign-in failed: ${response.status}`);
  return ((await response.json()) as { data: Session }).data;
}

/** The public check page of one of the member's approved horses, if the demo data has one. */
async function verifyPathOf(baseURL: string, member: Session): Promise<string | undefined> {
  const response = await fetch(`${baseURL}/api/auth/horses?page=1&pageSize=50`, {
    headers: { authorization: `Bearer ${member.token}` },
  });
  if (!response.ok) return undefined;
  const body = (await response.json()) as {
    data: { items: Array<{ approvalStatus: string; registrationNum?: string | null }> };
  };
  const approved = body.data.items.find(
    (h) => h.approvalStatus === 'approved' && h.registrationNum,
  );
  return approved ? `/verify/${encodeURIComponent(approved.registrationNum!)}` : undefined;
}

/** Bytes on the wire in Chromium (its own browser), then Lighthouse with nothing else running. */
export async function measureFieldSpeed(
  server: RunningServer,
  executable: string,
  args: string[],
): Promise<FieldSpeed> {
  const member = await signInThroughApi(server.baseURL, BENCH_MEMBER, 'login');
  const admin = await signInThroughApi(server.baseURL, BENCH_ADMIN, 'admin-login');
  const browser = await chromium.launch({ executablePath: executable, args, headless: true });
  let weights: PageWeight[];
  try {
    weights = await measurePageWeights(browser, server.baseURL, member, admin);
  } finally {
    await browser.close();
  }
  let lighthouse: FieldSpeed['lighthouse'];
  const loadBefore = os.loadavg()[0]!;
  try {
    const verifyPath = await verifyPathOf(server.baseURL, member);
    lighthouse = await measureLighthouse(executable, server.baseURL, member, admin, verifyPath);
  } catch (error) {
    lighthouse = { error: error instanceof Error ? error.message : String(error) };
  }
  const round = (n: number) => Math.round(n * 10) / 10;
  return { weights, lighthouse, loadAverage: [round(loadBefore), round(os.loadavg()[0]!)] };
}

function firstTarget(page: string): number | undefined {
  if (page.includes('(/login)')) return TARGETS.loginFirstKb;
  if (page.includes('/dashboard') || page.includes('/horse-list'))
    return TARGETS.memberPagesFirstKb;
  return undefined;
}

function weightLines(weights: PageWeight[]): string[] {
  return [
    '## Bytes on the wire per page (Chromium), targets: /login at most 120 KB, member dashboard',
    'and My Horses at most 160 KB; repeat visit at most 5 KB of assets',
    '',
    "Read from Chromium's own network accounting (DevTools protocol `Network.loadingFinished`,",
    '`encodedDataLength`: compressed bodies plus response headers) for everything a page loads',
    'until the network is idle, including the routes a signed-in member gets preloaded in the',
    'background. First visit in a new profile; repeat visit to the same address in the same',
    'profile. "Assets" is the page itself, scripts, stylesheets, fonts and images; "API" the JSON',
    'the page fetched. KB = 1,024 bytes. Phone viewport (412 × 823).',
    '',
    '| page | first: assets KB | first: API KB | requests | repeat: assets KB | repeat: from cache | target first | target repeat |',
    '|---|---|---|---|---|---|---|---|',
    ...weights.map((w) => {
      const target = firstTarget(w.page);
      const firstMet =
        target === undefined ? 'n/a' : yes(kb(w.first.assets + w.first.api) <= target);
      return (
        `| ${w.page} | ${kb(w.first.assets)} | ${kb(w.first.api)} | ${w.first.requests} | ` +
        `${kb(w.repeat.assets)} | ${w.repeat.fromCache} of ${w.repeat.requests} | ${firstMet} | ` +
        `${yes(kb(w.repeat.assets) <= TARGETS.repeatAssetsKb)} |`
      );
    }),
    '',
    'The first-visit target counts assets and API together.',
    '',
  ];
}

function lighthouseLines(
  figures: FieldSpeed['lighthouse'],
  [before, after]: [number, number],
): string[] {
  const lines = [
    '## Lighthouse, mobile preset: targets performance at least 95, accessibility and best',
    'practices 100, LCP on /login at most 2.0 s, unused CSS at most 20 KB',
    '',
  ];
  if ('error' in figures) return [...lines, `Not measured: ${figures.error}`, ''];
  const version = 'Lighthouse 12 (npm `lighthouse`, runs on Node 20; 13 needs Node 22)';
  return [
    ...lines,
    `${version} against Debian's Chromium (headless, flags in \`e2e/bench/lighthouse.ts\`), one new`,
    'profile per page, default mobile settings: simulated slow 4G and a 4× slower CPU. Signed-in',
    'pages are audited with the sign-in stored in that profile, and an otherwise empty cache.',
    `Load average of the machine (${os.cpus().length} CPUs) before and after: ${before} and ` +
      `${after}. Lighthouse scales the main-thread work it observes by its CPU slowdown, so ` +
      'other processes on a busy machine inflate TBT, FCP and LCP.',
    '',
    '| page | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS | unused CSS KB | targets met |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...figures.map((f) => {
      const met =
        f.performance >= TARGETS.performance &&
        f.accessibility >= TARGETS.accessibility &&
        f.bestPractices >= TARGETS.bestPractices &&
        kb(f.unusedCssBytes) <= TARGETS.unusedCssKb &&
        (f.page !== 'member sign-in' || f.lcpMs <= TARGETS.loginLcpMs);
      return (
        `| ${f.page} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ${f.fcpMs} | ` +
        `${f.lcpMs} | ${f.tbtMs} | ${f.cls} | ${kb(f.unusedCssBytes)} | ${yes(met)} |`
      );
    }),
    '',
    ...figures
      .filter((f) => f.failed.length > 0)
      .map((f) => `Audits below 0.9 on ${f.page}: ${f.failed.join('; ')}.`),
    '',
  ];
}

/** The markdown of this section of docs/benchmarks.md. */
export function fieldSpeedSection(field: FieldSpeed): string[] {
  return [...weightLines(field.weights), ...lighthouseLines(field.lighthouse, field.loadAverage)];
}

/** The first heading of the section, where a run of this section alone splices it in. */
export const FIELD_SPEED_HEADING = '## Bytes on the wire per page';
