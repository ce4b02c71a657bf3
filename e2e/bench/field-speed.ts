import os from 'node:os';
import { chromium } from 'playwright-core';
import { LIGHTHOUSE_PACKAGE, measureLighthouse, type LighthouseFigures } from './lighthouse.js';
import { measurePageWeights, type PageWeight, type Session } from './page-weight.js';
import { BENCH_ADMIN, BENCH_MEMBER, type RunningServer } from './server.js';

/** Issue 12's targets, reported beside the figures. */
const TARGETS = {
  loginFirstKb: 120,
  memberPagesFirstKb: 160,
  repeatAssetsKb: 5,
  performance: 95,
  tbtMs: 150,
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

function lighthouseMet(f: LighthouseFigures): boolean {
  return (
    f.performance >= TARGETS.performance &&
    f.tbtMs <= TARGETS.tbtMs &&
    f.accessibility >= TARGETS.accessibility &&
    f.bestPractices >= TARGETS.bestPractices &&
    kb(f.unusedCssBytes) <= TARGETS.unusedCssKb &&
    (f.page !== 'member sign-in' || f.lcpMs <= TARGETS.loginLcpMs)
  );
}

/** Per page: its worst run's score and TBT, and the range over all runs. */
function worstRunLines(figures: LighthouseFigures[]): string[] {
  const pages = [...new Set(figures.map((f) => f.page))];
  const rows = pages.map((page) => {
    const runs = figures.filter((f) => f.page === page);
    const scores = runs.map((f) => f.performance);
    const tbts = runs.map((f) => f.tbtMs);
    const met = runs.every(lighthouseMet);
    return {
      page,
      line:
        `| ${page} | ${runs.length} | ${Math.min(...scores)} | ${Math.max(...scores)} | ` +
        `${Math.max(...tbts)} | ${Math.min(...tbts)} | ${yes(met)} |`,
      worst: Math.min(...scores),
    };
  });
  rows.sort((a, b) => a.worst - b.worst);
  return [
    '| page | runs | worst performance | best performance | worst TBT ms | best TBT ms | every run met |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((r) => r.line),
    '',
  ];
}

function lighthouseLines(
  figures: FieldSpeed['lighthouse'],
  [before, after]: [number, number],
): string[] {
  const lines = [
    '## Lighthouse, mobile preset, every run: targets performance at least 95 and TBT at most',
    '150 ms in every run, accessibility and best practices 100, LCP on /login at most 2.0 s,',
    'unused CSS at most 20 KB',
    '',
  ];
  if ('error' in figures) return [...lines, `Not measured: ${figures.error}`, ''];
  const runs = Math.max(...figures.map((f) => f.run));
  return [
    ...lines,
    `The Lighthouse command line (npm \`${LIGHTHOUSE_PACKAGE}\` on Node 24, both from npm through`,
    "npx) launching Debian's Chromium itself (flags in `e2e/bench/lighthouse.ts`); each run a",
    'first visit in a fresh copy of a profile that holds only the signed-in session (empty HTTP',
    `cache); default mobile settings: simulated slow 4G and a 4× slower CPU. ${runs} runs per page,`,
    'pages ordered by their worst run, and within a page the worst run first.',
    `Load average of the machine (${os.cpus().length} CPUs) before and after: ${before} and ` +
      `${after}. Lighthouse scales the main-thread work it observes by its CPU slowdown, so ` +
      'other processes on a busy machine inflate TBT, FCP and LCP.',
    '',
    ...worstRunLines(figures),
    '| page | run | performance | accessibility | best practices | FCP ms | LCP ms | TBT ms | CLS | unused CSS KB | targets met |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.page} | ${f.run} | ${f.performance} | ${f.accessibility} | ${f.bestPractices} | ` +
        `${f.fcpMs} | ${f.lcpMs} | ${f.tbtMs} | ${f.cls} | ${kb(f.unusedCssBytes)} | ` +
        `${yes(lighthouseMet(f))} |`,
    ),
    '',
    ...figures
      .filter((f) => f.failed.length > 0)
      .map((f) => `Audits below 0.9 on ${f.page}, run ${f.run}: ${f.failed.join('; ')}.`),
    '',
  ];
}

/** The markdown of this section of docs/benchmarks.md. */
export function fieldSpeedSection(field: FieldSpeed): string[] {
  return [...weightLines(field.weights), ...lighthouseLines(field.lighthouse, field.loadAverage)];
}

/** The first heading of the section, where a run of this section alone splices it in. */
export const FIELD_SPEED_HEADING = '## Bytes on the wire per page';
