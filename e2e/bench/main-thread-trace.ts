/**
 * `npm run bench:trace`: where a first visit's main-thread time goes, task by task, read by the
 * thread's CPU time (which the shared machine's load inflates far less than the wall time
 * Lighthouse reads), with the simulated phone's blocking time (4x CPU, over 50 ms) after the
 * first paint. Prints; writes nothing to docs/benchmarks.md (decision 0118 says how it was used).
 *
 * TRACE_PAGES=/register-horse,/horse-list  the addresses (office pages for /admin/... and /)
 * TRACE_RUNS=2                             visits per address
 * TRACE_MOBILE=1                           Lighthouse's phone: touch, 1.75 device pixels
 * TRACE_FUNCTIONS=1                        the functions sampled in each task (a CPU profile);
 *   TRACE_WEB_DIR=<dir>                    with a build made with `vite build --minify false`
 *   TRACE_SKIP=<regexp>, TRACE_TOP=12      functions left out, how many shown
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { BROWSER_ARGS, CHROMIUM } from './chromium.js';
import { signInThroughApi } from './field-speed.js';
import { BENCH_ADMIN, BENCH_MEMBER, startServer } from './server.js';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string } };
}

async function main() {
  const server = await startServer(undefined, {
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
    ...(process.env.TRACE_WEB_DIR ? { WEB_DIR: process.env.TRACE_WEB_DIR } : {}),
  });
  try {
    const member = await signInThroughApi(server.baseURL, BENCH_MEMBER, 'login');
    const admin = await signInThroughApi(server.baseURL, BENCH_ADMIN, 'admin-login');
    const pages = (process.env.TRACE_PAGES ?? '/register-horse').split(',');
    const runs = Number(process.env.TRACE_RUNS ?? 2);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: BROWSER_ARGS });
    for (const address of pages) {
      const session = address.startsWith('/admin') || address === '/' ? admin : member;
      for (let run = 1; run <= runs; run++) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          ...(process.env.TRACE_MOBILE
            ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 }
            : {}),
        });
        const page = await context.newPage();
        await page.goto(`${server.baseURL}/api/health`);
        await page.evaluate((s) => {
          localStorage.setItem('accessToken', s.token);
          localStorage.setItem('userRole', s.role);
          localStorage.setItem('userData', JSON.stringify(s.user));
        }, session);
        const cdp = await context.newCDPSession(page);
        const events: TraceEvent[] = [];
        cdp.on('Tracing.dataCollected', (e) =>
          events.push(...(e.value as unknown as TraceEvent[])),
        );
        const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
        await cdp.send('Tracing.start', {
          categories:
            'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing,loading,toplevel,disabled-by-default-devtools.timeline.frame',
          transferMode: 'ReportEvents',
        });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
        await page.goto(server.baseURL + address, { waitUntil: 'networkidle' });
        await page.waitForTimeout(1500);
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
        await cdp.send('Tracing.end');
        await done;
        cpuProfile = profile;
        if (process.env.TRACE_SAVE)
          writeFileSync(`${process.env.TRACE_SAVE}-${run}.json`, JSON.stringify(events));
        report(address, run, events);
        await context.close();
      }
    }
    await browser.close();
  } finally {
    await server.stop();
  }
}

interface CpuProfile {
  nodes: Array<{
    id: number;
    parent?: number;
    children?: number[];
    callFrame: { functionName: string; url: string; lineNumber: number };
  }>;
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
let cpuProfile: CpuProfile | undefined;

/** Inclusive sampled time per function between two trace timestamps (µs). */
function functionsBetween(from: number, to: number): string {
  if (!cpuProfile) return '';
  const byId = new Map(cpuProfile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of cpuProfile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  let t = cpuProfile.startTime;
  for (let i = 0; i < cpuProfile.samples.length; i++) {
    t += cpuProfile.timeDeltas[i]!;
    if (t < from || t > to) continue;
    const seen = new Set<string>();
    for (
      let id: number | undefined = cpuProfile.samples[i];
      id !== undefined;
      id = parent.get(id)
    ) {
      const f = byId.get(id)!.callFrame;
      if (!f.functionName || f.functionName === '(root)' || f.functionName === '(program)')
        continue;
      const key = `${f.functionName}@${f.url.replace(/.*\//, '')}:${f.lineNumber}`;
      if (process.env.TRACE_SKIP && new RegExp(process.env.TRACE_SKIP).test(key)) continue;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + cpuProfile.timeDeltas[i]! / 1000);
    }
  }
  return [...inclusive.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.TRACE_TOP ?? 12))
    .map(([k, v]) => `      ${v.toFixed(1).padStart(5)} ${k}`)
    .join('\n');
}

function report(address: string, run: number, events: TraceEvent[]) {
  const mainThread = events.find(
    (e) =>
      e.name === 'thread_name' &&
      e.args?.name === 'CrRendererMain' &&
      events.some((f) => f.pid === e.pid && f.name === 'firstContentfulPaint'),
  );
  if (!mainThread) return console.log(address, 'no main thread');
  const onMain = events.filter((e) => e.pid === mainThread.pid && e.tid === mainThread.tid);
  const navStart =
    events.find((e) => e.name === 'navigationStart' && e.pid === mainThread.pid)?.ts ??
    onMain[0]!.ts;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === mainThread.pid)!.ts;
  const tasks = onMain.filter((e) => e.ph === 'X' && e.name === 'RunTask');
  let tbt = 0;
  let before = 0;
  const lines: string[] = [];
  for (const t of tasks) {
    const cpu = (t.tdur ?? t.dur ?? 0) / 1000;
    const sim = cpu * 4;
    if (t.ts < fcp) before += cpu;
    else if (sim > 50) tbt += sim - 50;
    const wall = (t.dur ?? 0) / 1000;
    if (cpu < 8 && wall < 15) continue;
    const inside = onMain.filter(
      (e) => e.ph === 'X' && e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0) && e !== t,
    );
    const byName = new Map<string, number>();
    for (const e of inside) {
      if (
        ![
          'FunctionCall',
          'EvaluateScript',
          'v8.compileModule',
          'v8.evaluateModule',
          'Layout',
          'UpdateLayoutTree',
          'ParseHTML',
          'Paint',
          'ParseAuthorStyleSheet',
          'TimerFire',
          'FireAnimationFrame',
          'MajorGC',
          'MinorGC',
          'V8.GC_SCAVENGER',
          'PrePaint',
          'Commit',
          'RunMicrotasks',
          'v8.run',
        ].includes(e.name)
      )
        continue;
      const url = e.args?.data?.url ? ' ' + e.args.data.url.replace(/.*\//, '') : '';
      const fn = e.args?.data?.functionName ? ':' + e.args.data.functionName : '';
      const key = e.name + url + fn;
      byName.set(key, (byName.get(key) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
    }
    const top = [...byName.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join(' | ');
    lines.push(
      `  ${((t.ts - navStart) / 1000).toFixed(0).padStart(5)} ms cpu ${cpu.toFixed(1).padStart(5)} wall ${wall.toFixed(1).padStart(5)}${t.ts < fcp ? ' (before FCP)' : ''}  ${top}`,
    );
    if (process.env.TRACE_FUNCTIONS) lines.push(functionsBetween(t.ts, t.ts + (t.dur ?? 0)));
  }
  console.log(
    `${address} run ${run}: FCP ${((fcp - navStart) / 1000).toFixed(0)} ms, CPU before FCP ${before.toFixed(0)} ms, simulated TBT ~${tbt.toFixed(0)} ms`,
  );
  console.log(lines.join('\n'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
