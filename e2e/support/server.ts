import { inject } from 'vitest';
import type { E2EServer } from '../global-setup.js';

/**
 * The built server this test file runs against: global-setup.ts starts one per e2e worker, and
 * a worker's files (one at a time) all use the same one, so two files running at the same moment
 * never share a server, a database or a mailbox.
 */
export function thisServer(): E2EServer {
  const servers = inject('servers');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(worker - 1) % servers.length];
  if (!server) throw new Error('global-setup.ts started no server');
  return server;
}
