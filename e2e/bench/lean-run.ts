/**
 * The lean-server part of the bench on its own, for working on it (`npx tsx e2e/bench/lean-run.ts`
 * after a build): start-up, memory, throughput (uncached first) and the 100,000-horse plans.
 * Prints Markdown; `npm run bench` runs these sections too and writes docs/benchmarks.md.
 */
import path from 'node:path';
import {
  measureApi,
  measureBareFastify,
  measureBareQueries,
  type Throughput,
} from './api-throughput.js';
import { measureMemory, memorySection } from './memory.js';
import { measureSearchScale, type SearchScale } from './search-scale.js';
import { startServer } from './server.js';
import { measureStartup, startupSection } from './startup.js';
import { throughputSection } from './throughput-report.js';

const BENCH_ENV = { LOGIN_RATE_LIMIT_PER_MINUTE: '1000000' };
const UNCACHED = { ...BENCH_ENV, READ_CACHE_SECONDS: '0' };

async function uncached(label: string, env: Record<string, string>): Promise<Throughput[]> {
  const server = await startServer(undefined, { ...UNCACHED, ...env });
  try {
    return await measureApi(server.baseURL, `${label}, cache off`, { signIn: false });
  } finally {
    await server.stop();
  }
}

export async function leanFigures(): Promise<{
  lines: string[];
  search: SearchScale | { error: string };
}> {
  const lines = [
    ...startupSection(await measureStartup()),
    ...memorySection(await measureMemory()),
  ];
  const bare = await measureBareFastify();
  const runs: Throughput[] = [];
  const bareQueries: Throughput[] = [];
  runs.push(...(await uncached('embedded', {})));
  const cachedServer = await startServer(undefined, BENCH_ENV);
  try {
    // No sign-in run: its hundreds of sign-ins would trip the per-account limit the later
    // runs sign in under (the full `npm run bench` measures sign-in).
    runs.push(...(await measureApi(cachedServer.baseURL, 'embedded', { signIn: false })));
  } finally {
    await cachedServer.stop();
  }
  let search: SearchScale | { error: string };
  try {
    search = await measureSearchScale(async (server, databaseUrl) => {
      runs.push(...(await uncached('PostgreSQL', { DATABASE_URL: databaseUrl })));
      bareQueries.push(...(await measureBareQueries(databaseUrl)));
      runs.push(...(await measureApi(server.baseURL, 'PostgreSQL', { signIn: false })));
    }, BENCH_ENV);
  } catch (error) {
    search = { error: error instanceof Error ? error.message : String(error) };
  }
  lines.push(...throughputSection({ bare, bareQueries, runs }));
  return { lines, search };
}

function searchLines(search: SearchScale | { error: string }): string[] {
  if ('error' in search) return [`Search at scale not measured: ${search.error}`, ''];
  return [
    `## Search over ${search.horses} horses on PostgreSQL, target p95 at most 50 ms`,
    '',
    '| p50 ms | p95 ms | max ms | target met |',
    '|---|---|---|---|',
    `| ${search.p50Ms} | ${search.p95Ms} | ${search.maxMs} | ${search.p95Ms <= 50 ? 'yes' : 'no'} |`,
    '',
    ...search.plans.flatMap((p) => [`${p.term}:`, '', '```', p.plan, '```', '']),
  ];
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const { lines, search } = await leanFigures();
  process.stdout.write([...lines, ...searchLines(search)].join('\n') + '\n');
}
