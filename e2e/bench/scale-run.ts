/**
 * `npm run bench:scale`: the reads of docs/benchmarks.md "A register of any size" at 1,000,
 * 100,000 and 1,000,000 horses on PostgreSQL (127.0.0.1:5432, or BENCH_PG_URL), spliced into
 * docs/benchmarks.md in place of its previous figures (BENCH_SCALE_WRITE=0: printed only).
 * `npm run bench:scale` builds first. BENCH_SCALE_SIZES=1k,1M picks sizes; each size's database is seeded
 * once and kept for later runs (dropping them: `drop database registry_scale_1m` and so on).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './server.js';
import { SCALE_SIZES, measureScaleReads, scaleDatabase, type ScaleRead } from './scale.js';

export const SCALE_HEADING = '## A register of any size';

function splice(report: string, section: string[]): string {
  const lines = report.split('\n');
  const start = lines.findIndex((l) => l.startsWith(SCALE_HEADING));
  if (start < 0) return `${report.trimEnd()}\n\n${section.join('\n')}\n`;
  let end = start + 1;
  while (end < lines.length && !lines[end]!.startsWith('## ')) end += 1;
  return [...lines.slice(0, start), ...section, '', ...lines.slice(end)].join('\n');
}

async function main(): Promise<void> {
  const wanted = (process.env.BENCH_SCALE_SIZES ?? SCALE_SIZES.map((s) => s.label).join(','))
    .split(',')
    .map((label) => label.trim().toLowerCase());
  const sizes = SCALE_SIZES.filter((size) => wanted.includes(size.label.toLowerCase()));
  const bySize: { label: string; reads: ScaleRead[] }[] = [];
  for (const size of sizes) {
    const url = await scaleDatabase(size, (line) => process.stderr.write(`${line}\n`));
    bySize.push({ label: size.label, reads: await measureScaleReads(url) });
    process.stderr.write(`measured ${size.label}\n`);
  }
  const first = bySize[0];
  const last = bySize[bySize.length - 1];
  const section = [
    `${SCALE_HEADING}: every read's p50 at 1M within 3x of its p50 at 1k`,
    '',
    `Measured by \`npm run bench:scale\` on ${new Date().toISOString().slice(0, 10)}: the built server on PostgreSQL,`,
    'read cache off, one request at a time, p50 (p95) in ms of ' +
      `${process.env.BENCH_SCALE_ROUNDS ?? 30} requests after 3 not counted. The seed (e2e/bench/scale.ts): 30 % of the`,
    'horses owned by one large breeder (member1), 2 % by each of nine more, the rest by small owners;',
    '90 % approved; every other approved horse with a settled payment; member1 with 2,000 past sessions.',
    '',
    `| read | ${bySize.map((s) => s.label).join(' | ')} |${bySize.length > 1 ? ` ${last!.label} / ${first!.label} |` : ''}`,
    `| --- | ${bySize.map(() => '---').join(' | ')} |${bySize.length > 1 ? ' --- |' : ''}`,
    ...first!.reads.map((read, i) => {
      const cells = bySize.map((s) => `${s.reads[i]!.p50Ms} (${s.reads[i]!.p95Ms})`);
      const growth =
        bySize.length > 1 ? ` x${(last!.reads[i]!.p50Ms / read.p50Ms).toFixed(1)} |` : '';
      return `| ${read.name} | ${cells.join(' | ')} |${growth}`;
    }),
  ];
  if (process.env.BENCH_SCALE_WRITE !== '0') {
    const file = path.join(root, 'docs/benchmarks.md');
    writeFileSync(file, splice(readFileSync(file, 'utf8'), section));
  }
  process.stdout.write(`${section.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
