import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForHealth } from '../../apps/api/src/test/spawned-server.js';
import { BENCH_ADMIN, BENCH_MEMBER, root, startServer } from './server.js';

/** Start-up to ready, as the built server starts and as `npm start` really runs. */
export interface StartupFigures {
  /** `node dist/server.js` on a new data directory. */
  firstMs: number;
  /** `node dist/server.js` again on that directory, three times. */
  restartMs: number[];
  /** `npm start` on a new data directory with the build up to date. */
  npmFirstMs: number;
  /** `npm start` again with nothing changed, three times. */
  npmRestartMs: number[];
  /** `npm start` after one API source file changed: the api part is built again first. */
  npmRebuildMs: number;
}

/** Spawns `npm start` in the repository and answers the milliseconds to the first 200 of health. */
async function npmStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    // Its own process group: npm, the start script and the server are stopped together.
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      DEMO_DATA: '1',
      DEMO_PASSWORD: BENCH_MEMBER.password,
      LOG_LEVEL: 'warn',
    },
  });
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, child, { pollMs: 20, timeoutMs: 600_000 });
    return performance.now() - started;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] ?? NaN;

export async function measureStartup(): Promise<StartupFigures> {
  const dirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), 'registry-bench-start-')));
  const [direct, npm] = dirs as [string, string];
  try {
    const first = await startServer(direct);
    await first.stop();
    const restartMs: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const again = await startServer(direct);
      restartMs.push(again.readyMs);
      await again.stop();
    }
    const npmFirstMs = await npmStart(npm);
    const npmRestartMs: number[] = [];
    for (let i = 0; i < 3; i += 1) npmRestartMs.push(await npmStart(npm));
    // A newer API source makes the api part stale (scripts/start.mjs compares modification times).
    const now = new Date();
    utimesSync(path.join(root, 'apps/api/src/server.ts'), now, now);
    const npmRebuildMs = await npmStart(npm);
    return { firstMs: first.readyMs, restartMs, npmFirstMs, npmRestartMs, npmRebuildMs };
  } finally {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

export function startupSection(figures: StartupFigures): string[] {
  const ms = (value: number) => String(Math.round(value));
  const npmRestart = median(figures.npmRestartMs);
  return [
    '## Start-up to ready (embedded database), target: `npm start` with nothing changed ready in at most 3 s',
    '',
    'Milliseconds from spawning the command to the first 200 of `/api/health`. A first start',
    "unpacks the build's migrated cluster template, creates the first administrator and the demo",
    'data. `npm start` checks what is stale (scripts/start.mjs) and then runs the server in the',
    'same process; the "API source changed" row touches `apps/api/src/server.ts` first, so the',
    'api part is compiled, bundled and checked again before the server starts.',
    '',
    '| case | ms | target met |',
    '|---|---|---|',
    `| \`node dist/server.js\`, first start on a new data directory | ${ms(figures.firstMs)} | - |`,
    `| \`node dist/server.js\`, restart (median of 3) | ${ms(median(figures.restartMs))} | - |`,
    `| \`npm start\`, first start on a new data directory, build up to date | ${ms(figures.npmFirstMs)} | - |`,
    `| \`npm start\`, nothing changed (median of 3) | ${ms(npmRestart)} | ${npmRestart <= 3000 ? 'yes' : 'no'} |`,
    `| \`npm start\`, an API source changed (api built again) | ${ms(figures.npmRebuildMs)} | - |`,
    '',
  ];
}
