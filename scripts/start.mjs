// `npm start`: builds only when a build output is missing or older than what it is built from,
// then runs the server in this same process (no second npm or node start-up in between).
// docs/operations.md "Starting" describes it; `npm run build` still builds everything.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);

/** Newest modification time under the given files and folders (0 when none exists). */
function newest(paths) {
  let latest = 0;
  const visit = (file) => {
    if (!existsSync(file)) return;
    const stat = statSync(file);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(file)) visit(path.join(file, entry));
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  paths.forEach(visit);
  return latest;
}

/** The lockfile and root configuration concern every part. */
const shared = ['package.json', 'package-lock.json', 'tsconfig.base.json'].map((f) => at(f));

/**
 * Each part: what it is built from, the files that must exist, and `marker`, a file every
 * successful build leaves newer than the sources (tsc -b writes its .tsbuildinfo even when no
 * output changed; vite rewrites index.html).
 */
const parts = [
  {
    name: 'packages/domain',
    sources: [
      at('packages/domain/src'),
      at('packages/domain/package.json'),
      at('packages/domain/tsconfig.json'),
    ],
    outputs: [at('packages/domain/dist/index.js')],
    marker: at('packages/domain/tsconfig.tsbuildinfo'),
  },
  {
    name: 'apps/api',
    sources: [
      at('apps/api/src'),
      // The build's cluster template carries the migrations.
      at('apps/api/drizzle'),
      at('apps/api/bundle.mjs'),
      at('apps/api/package.json'),
      at('apps/api/tsconfig.json'),
    ],
    // tsc, then the bundled server (bundle.mjs) and the embedded database's template
    // (apps/api/package.json).
    outputs: [at('apps/api/dist/server.js')],
    template: at('apps/api/dist'),
    marker: at('apps/api/tsconfig.tsbuildinfo'),
  },
  {
    name: 'apps/web',
    sources: [
      at('apps/web/src'),
      at('apps/web/index.html'),
      at('apps/web/public'),
      at('apps/web/vite.config.ts'),
      at('apps/web/package.json'),
      at('apps/web/tsconfig.json'),
    ],
    outputs: [at('apps/web/dist/index.html')],
    marker: at('apps/web/dist/index.html'),
  },
];

const hasTemplate = (dist) => readdirSync(dist).some((f) => /^pglite-.*-cluster\.tar\.gz$/.test(f));

function stale(part, domainBuilt) {
  if (![...part.outputs, part.marker].every((file) => existsSync(file))) return true;
  if (part.template && !hasTemplate(part.template)) return true;
  const built = statSync(part.marker).mtimeMs;
  // The api and web read the domain package, so a newer domain build makes them stale too.
  const upstream = part.name === 'packages/domain' ? 0 : domainBuilt;
  return newest([...part.sources, ...shared]) > built || upstream > built;
}

let domainBuilt = 0;
for (const part of parts) {
  if (stale(part, domainBuilt)) {
    process.stdout.write(`Building ${part.name} (missing or older than its sources)...\n`);
    const run = spawnSync('npm', ['run', 'build', '-w', part.name], {
      cwd: root,
      stdio: 'inherit',
      shell: process.platform === 'win32',
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
    // A build that found nothing to change leaves the marker as it was: mark it current.
    const now = new Date();
    utimesSync(part.marker, now, now);
  }
  if (part.name === 'packages/domain') domainBuilt = statSync(part.marker).mtimeMs;
}

await import(pathToFileURL(at('apps/api/dist/server.js')).href);
