import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { startMailCatcher } from './support/mail-catcher.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { E2E_ADMIN, E2E_MEMBER_PASSWORD } from './support/accounts.js';
import { freePort, waitForHealth } from '../apps/api/src/test/spawned-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One built server per e2e worker (support/server.ts picks this worker's). */
    servers: E2EServer[];
  }
}

/** A built server of the browser tests, and where its test SMTP server lists what it got. */
export interface E2EServer {
  baseURL: string;
  /** Where the test SMTP server lists what it received (see support/mailbox.ts). */
  mailboxURL: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts the built product once per e2e worker (vitest.config.ts runs two browser test files at
 * a time): the real server, the real web build, an embedded database in a temporary directory,
 * a known administrator and the demo members, and an SMTP server of its own. Files running at
 * the same moment never share a server, so one file's sign-outs, password changes and mail never
 * reach another's (docs/decisions/0130-browser-tests-two-at-a-time.md).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverEntry = path.join(root, 'apps/api/dist/server.js');
  const webDir = path.join(root, 'apps/web/dist');
  if (!existsSync(serverEntry) || !existsSync(path.join(webDir, 'index.html'))) {
    throw new Error('Build first: npm run build (npm run test:e2e does it for you)');
  }
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const started = await Promise.all(
    Array.from({ length: workers }, () => startBuiltServer(serverEntry, webDir)),
  );
  project.provide(
    'servers',
    started.map(({ baseURL, mailboxURL }) => ({ baseURL, mailboxURL })),
  );
  return async () => {
    await Promise.all(started.map((server) => server.stop()));
  };
}

async function startBuiltServer(
  serverEntry: string,
  webDir: string,
): Promise<E2EServer & { stop(): Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'registry-e2e-'));
  // A real SMTP server: the product's mail goes out over SMTP and the tests read it back.
  const mail = await startMailCatcher();
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [serverEntry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIR: webDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      DEMO_DATA: '1',
      DEMO_PASSWORD: E2E_MEMBER_PASSWORD,
      LOG_LEVEL: 'warn',
      // Sandbox bank debits settle quickly so the browser tests see them finish.
      SANDBOX_BANK_SETTLE_MS: '3000',
      // The journeys are not a load test (e2e/built-server-overload.e2e.test.ts is): a slow
      // turn on a busy CI machine must not turn a step into a 503.
      OVERLOAD_MAX_LAG_MS: '30000',
      SMTP_URL: mail.smtpURL,
      MAIL_FROM: 'Gaited Horse Registry <office@registry.e2e.test>',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, child, { pollMs: 250, timeoutMs: 60_000, output: () => log });
  return {
    baseURL,
    mailboxURL: mail.httpURL,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await mail.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
