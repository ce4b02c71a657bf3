// Runs TypeScript 7's tsc (the native compiler, npm `typescript@7` installed as `typescript-7`).
// `typescript` itself stays 5.9: TypeScript 7 ships no JavaScript compiler API, which
// typescript-eslint (peer `typescript <6.1`), openapi-typescript and our own AST readers
// (apps/web/vite/page-modules.ts, apps/api/src/test/openapi-client.ts) import. Both packages
// declare a `tsc` bin and npm links only one of them, so every script calls this file instead
// of `tsc` (docs/decisions/0117-platform-majors.md).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const tsc = path.join(
  path.dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')),
  'bin/tsc',
);
const { status, signal } = spawnSync(process.execPath, [tsc, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(status ?? (signal ? 1 : 0));
