import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * For a registry server run as a process of its own: a port to give it and the wait until it
 * answers. Node built-ins only, so the end-to-end tests and the bench (e2e/) use it too.
 */

/** A port on 127.0.0.1 that nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/**
 * Polls GET /api/health every `pollMs` until it answers 2xx. Fails when the process exits first
 * or after `timeoutMs`, with what the server printed (`output`) in the message.
 */
export async function waitForHealth(
  baseURL: string,
  child: ChildProcess,
  { pollMs, timeoutMs = Infinity, output = () => '' }: WaitOptions,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${output()}`);
    if (Date.now() > deadline) {
      throw new Error(`server not healthy after ${timeoutMs / 1000} s:\n${output()}`);
    }
    const healthy = await fetch(`${baseURL}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

export interface WaitOptions {
  pollMs: number;
  timeoutMs?: number;
  output?: () => string;
}
