import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { memberToken } from './api-throughput.js';
import { START_NODE_ARGS, startServer } from './server.js';

/** The server's resident memory, read from outside through /proc as an operator would. */
export interface MemoryFigures {
  /** VmHWM after the first start on a new data directory (initdb, migrations, demo data). */
  firstStartPeakMb: number;
  /** VmRSS of that first process once it has settled. */
  firstStartRestMb: number;
  /** VmRSS of a restarted server, settled, before any request. */
  restMb: number;
  /** VmRSS after a few seconds of list and search requests with the read cache off, settled. */
  afterReadsMb: number;
  /** VmHWM over the restarted server's whole life up to then. */
  peakMb: number;
}

const SETTLE_MS = 2000;

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
  if (!match?.[1]) throw new Error(`no ${field} for process ${pid}`);
  return Math.round((Number(match[1]) / 1024) * 10) / 10;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

/** List and search, uncached, so the database does the work each time. */
async function readLoad(baseURL: string): Promise<void> {
  const headers = { authorization: `Bearer ${await memberToken(baseURL)}` };
  for (const url of [
    `${baseURL}/api/auth/horses?page=1&pageSize=10`,
    `${baseURL}/api/auth/horses/search?q=star&page=1&pageSize=10`,
  ]) {
    await autocannon({ url, headers, duration: 3, connections: 10 });
  }
}

/**
 * Memory of the built server on the embedded database: a first start on a new data directory
 * (its peak is initdb, migrations and demo data), then a restart at rest and after reads.
 */
export async function measureMemory(nodeArgs: string[] = []): Promise<MemoryFigures> {
  const dir = mkdtempSync(path.join(tmpdir(), 'registry-bench-memory-'));
  const env = { READ_CACHE_SECONDS: '0', LOGIN_RATE_LIMIT_PER_MINUTE: '1000000' };
  try {
    const first = await startServer(dir, env, nodeArgs);
    await settle();
    const firstStartPeakMb = statusMb(first.pid, 'VmHWM');
    const firstStartRestMb = statusMb(first.pid, 'VmRSS');
    await first.stop();
    const again = await startServer(dir, env, nodeArgs);
    try {
      await settle();
      const restMb = statusMb(again.pid, 'VmRSS');
      await readLoad(again.baseURL);
      await settle();
      return {
        firstStartPeakMb,
        firstStartRestMb,
        restMb,
        afterReadsMb: statusMb(again.pid, 'VmRSS'),
        peakMb: statusMb(again.pid, 'VmHWM'),
      };
    } finally {
      await again.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function memorySection(m: MemoryFigures): string[] {
  const yes = (ok: boolean) => (ok ? 'yes' : 'no');
  return [
    '## Server memory on the embedded database (RSS from /proc/<pid>/status)',
    '',
    `The built server as \`npm start\` runs it (\`node ${START_NODE_ARGS.join(' ')} apps/api/dist/server.js\`), read from outside.`,
    'Settled means two seconds after the last request; the reads are three seconds each of the',
    'my-horses list and the search at 10 connections with the read cache off.',
    '',
    '| figure | MB | target | met |',
    '|---|---|---|---|',
    `| first start on a new data directory: peak (VmHWM) | ${m.firstStartPeakMb} | 300 | ${yes(m.firstStartPeakMb <= 300)} |`,
    `| first start: settled (VmRSS) | ${m.firstStartRestMb} | 200 | ${yes(m.firstStartRestMb <= 200)} |`,
    `| restart: at rest (VmRSS) | ${m.restMb} | 200 | ${yes(m.restMb <= 200)} |`,
    `| restart: after list and search reads, settled (VmRSS) | ${m.afterReadsMb} | 200 | ${yes(m.afterReadsMb <= 200)} |`,
    `| restart: peak up to then (VmHWM) | ${m.peakMb} | - | - |`,
    '',
  ];
}
