/**
 * `npm run bench:bare`: docs/benchmarks.md "Routes against bare code doing the same work"
 * (bare-compare.ts) on PostgreSQL (127.0.0.1:5432, or BENCH_PG_URL), spliced into
 * docs/benchmarks.md in place of its previous figures (BENCH_BARE_WRITE=0: printed only).
 * BENCH_BARE_ONLY=horse,save picks routes by a word of their name. BENCH_BARE_PROFILE=<dir>
 * runs our server with `node --cpu-prof` writing its profile into <dir> (printed only).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './server.js';
import { BARE_HEADING, bareSection, compareWithBare } from './bare-compare.js';

function splice(report: string, section: string[]): string {
  const lines = report.split('\n');
  const start = lines.findIndex((l) => l.startsWith(BARE_HEADING));
  if (start < 0) return `${report.trimEnd()}\n\n${section.join('\n')}\n`;
  let end = start + 1;
  while (end < lines.length && !lines[end]!.startsWith('## ')) end += 1;
  return [...lines.slice(0, start), ...section, ...lines.slice(end)].join('\n');
}

async function main(): Promise<void> {
  const only = process.env.BENCH_BARE_ONLY?.split(',');
  const profile = process.env.BENCH_BARE_PROFILE;
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : [];
  const section = bareSection(await compareWithBare(only, nodeArgs));
  if (!profile && process.env.BENCH_BARE_WRITE !== '0') {
    const file = path.join(root, 'docs/benchmarks.md');
    writeFileSync(file, splice(readFileSync(file, 'utf8'), section));
  }
  process.stdout.write(`${section.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
