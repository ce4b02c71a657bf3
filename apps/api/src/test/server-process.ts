import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ADMIN, DEMO_PASSWORD } from './harness.js';
import { freePort, waitForHealth } from './spawned-server.js';

/** The real server as its own process (from source through tsx), for tests that kill it. */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const serverEntry = path.resolve(import.meta.dirname, '../server.ts');

export interface ServerProcess {
  baseURL: string;
  child: ChildProcess;
  kill(signal: NodeJS.Signals): Promise<void>;
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: '1',
      DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'fault-test-secret-that-is-long-enough-0123456789',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, child, { pollMs: 100, timeoutMs: 90_000, output: () => output });
  return {
    baseURL,
    child,
    kill: async (signal) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}
