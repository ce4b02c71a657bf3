import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitForHealth } from '../../apps/api/src/test/spawned-server.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCH_ADMIN = { email: 'bench-admin@example.org', password: 'bench-admin-password' };
export const BENCH_MEMBER = { email: 'member1@example.org', password: 'bench-member-password' };

/**
 * The Node options `npm start` gives the server (the flags before scripts/start.mjs in the root
 * package.json), so the bench measures the process as it really runs.
 */
export const START_NODE_ARGS: string[] = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));

export interface RunningServer {
  baseURL: string;
  /** The server process, whose memory the upload bench reads from /proc. */
  pid: number;
  /** Milliseconds from spawning the process to the first healthy answer. */
  readyMs: number;
  stop(): Promise<void>;
}

/**
 * Starts the built product on the embedded database in `dataDir` (a new one by default);
 * `env` adds or overrides variables (DATABASE_URL for PostgreSQL, raised rate limits; the
 * optional parts in built-server-options.e2e.test.ts).
 */
export async function startServer(
  dataDir?: string,
  env: Record<string, string> = {},
  /** Node options before the script (V8 flags, `--cpu-prof` when profiling). */
  nodeArgs: string[] = [],
): Promise<RunningServer> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'registry-bench-'));
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(
    process.execPath,
    [...START_NODE_ARGS, ...nodeArgs, path.join(root, 'apps/api/dist/server.js')],
    {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dir,
        DATABASE_URL: '',
        WEB_DIR: path.join(root, 'apps/web/dist'),
        ADMIN_EMAIL: BENCH_ADMIN.email,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        DEMO_DATA: '1',
        DEMO_PASSWORD: BENCH_MEMBER.password,
        LOG_LEVEL: 'warn',
        ...env,
      },
      // Only stderr is kept: a failed start's one line ("Start-up error: ...") for the error.
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  if (child.pid === undefined) throw new Error('bench server did not start');
  const pid = child.pid;
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4096)));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, child, { pollMs: 20, output: () => errors });
  const readyMs = performance.now() - started;
  return {
    baseURL,
    pid,
    readyMs,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
