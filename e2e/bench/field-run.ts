/**
 * `npm run bench:field`: only the field-speed section (bytes on the wire, Lighthouse), spliced
 * into docs/benchmarks.md in place of its previous figures; the other sections stay as they are.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { FIELD_SPEED_HEADING, fieldSpeedSection, measureFieldSpeed } from './field-speed.js';
import { BROWSER_ARGS, CHROMIUM } from './chromium.js';
import { root, startServer } from './server.js';

/** Where this section starts in an older report: the gzip estimate it replaces. */
const OLD_HEADING = '## JavaScript + CSS a page loads';

function splice(report: string, section: string[]): string {
  const lines = report.split('\n');
  let start = lines.findIndex((l) => l.startsWith(FIELD_SPEED_HEADING));
  if (start < 0) start = lines.findIndex((l) => l.startsWith(OLD_HEADING));
  if (start < 0) return `${report.trimEnd()}\n\n${section.join('\n')}`;
  let end = start + 1;
  while (
    end < lines.length &&
    (!lines[end]!.startsWith('## ') || lines[end]!.startsWith('## Lighthouse'))
  ) {
    end += 1;
  }
  return [...lines.slice(0, start), ...section, ...lines.slice(end)].join('\n');
}

async function main(): Promise<void> {
  const server = await startServer(undefined, { LOGIN_RATE_LIMIT_PER_MINUTE: '1000000' });
  try {
    const section = fieldSpeedSection(await measureFieldSpeed(server, CHROMIUM, BROWSER_ARGS));
    const file = path.join(root, 'docs/benchmarks.md');
    writeFileSync(file, splice(readFileSync(file, 'utf8'), section));
    process.stdout.write(`${section.join('\n')}\n`);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
