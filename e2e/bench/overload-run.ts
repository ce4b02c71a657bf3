/**
 * `npm run bench:overload`: docs/benchmarks.md "Overload" (e2e/bench/overload.ts) on the
 * embedded database and on PostgreSQL (127.0.0.1:5432, or BENCH_PG_URL), spliced into
 * docs/benchmarks.md in place of its previous figures (BENCH_OVERLOAD_WRITE=0: printed only).
 * BENCH_OVERLOAD_DATABASES=embedded or =postgres runs one; BENCH_OVERLOAD_CONNECTIONS and
 * BENCH_OVERLOAD_S change the load (the section says what was run).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './server.js';
import {
  OVERLOAD_HEADING,
  measureOverloadEmbedded,
  measureOverloadPostgres,
  overloadSection,
  type OverloadRun,
} from './overload.js';

/** `report` with the section from its heading to the next `## ` replaced (appended if absent). */
function splice(report: string, section: string[]): string {
  const lines = report.split('\n');
  const start = lines.findIndex((l) => l.startsWith(OVERLOAD_HEADING));
  if (start < 0) return `${report.trimEnd()}\n\n${section.join('\n')}\n`;
  let end = start + 1;
  while (end < lines.length && !lines[end]!.startsWith('## ')) end += 1;
  return [...lines.slice(0, start), ...section, ...lines.slice(end)].join('\n');
}

async function main(): Promise<void> {
  const wanted = (process.env.BENCH_OVERLOAD_DATABASES ?? 'embedded,postgres').split(',');
  const runs: OverloadRun[] = [];
  if (wanted.includes('embedded')) runs.push(await measureOverloadEmbedded());
  if (wanted.includes('postgres')) runs.push(await measureOverloadPostgres());
  const section = overloadSection(runs);
  if (process.env.BENCH_OVERLOAD_WRITE !== '0') {
    const file = path.join(root, 'docs/benchmarks.md');
    writeFileSync(file, splice(readFileSync(file, 'utf8'), section));
  }
  process.stdout.write(`${section.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
