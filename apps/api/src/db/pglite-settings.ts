import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { API_ROOT } from '../package-root.js';

/**
 * Start parameters of the embedded PostgreSQL, sized for a small server (docs/operations.md,
 * "Memory"). PGlite's own defaults keep 128 MB of shared buffers, a 1 GB WAL and 64 MB for
 * index builds inside its WebAssembly memory, which never shrinks: the server sat at 400-500 MB.
 * Reads still go through the operating system's file cache, so small buffers cost little.
 *
 * PGlite's default list also carries `-F` (fsync off); it is left out on purpose, so a commit
 * is on disk when it is acknowledged. The other entries repeat PGlite 0.5's defaults.
 */
export const PGLITE_START_PARAMS = [
  '--single',
  '-O',
  '-j',
  '-c',
  'search_path=public',
  '-c',
  'exit_on_error=false',
  '-c',
  'log_checkpoints=false',
  '-c',
  'max_worker_processes=0',
  '-c',
  'max_parallel_workers=0',
  '-c',
  'max_parallel_workers_per_gather=0',
  '-c',
  'max_parallel_maintenance_workers=0',
  '-c',
  'io_method=sync',
  '-c',
  'shared_buffers=16MB',
  '-c',
  'work_mem=2MB',
  '-c',
  'temp_buffers=1MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'wal_buffers=1MB',
  '-c',
  'min_wal_size=32MB',
  '-c',
  'max_wal_size=64MB',
];

export const pgliteExtensions = { pg_trgm };

const packageJsonOf = (name: string) =>
  path.join(path.dirname(fileURLToPath(import.meta.resolve(name))), '..', 'package.json');

/** The installed PGlite's version: a cluster template is only good for the PGlite that made it. */
function pgliteVersion(): string {
  try {
    return (
      JSON.parse(readFileSync(packageJsonOf('@electric-sql/pglite'), 'utf8')) as { version: string }
    ).version;
  } catch {
    return 'unknown';
  }
}

/** The migrations a template carries: a new migration names a new template. */
function migrationsStamp(): string {
  const journal = path.join(API_ROOT, 'drizzle', 'meta', '_journal.json');
  if (!existsSync(journal)) return 'none';
  return createHash('sha256').update(readFileSync(journal)).digest('hex').slice(0, 10);
}

/** Every template file name the build writes, of any PGlite version or migrations. */
export const CLUSTER_TEMPLATE_NAME = /^pglite-.+-cluster\.tar\.gz$/;

/**
 * Where the build keeps a migrated empty cluster (`npm run build -w apps/api` writes it): a new
 * data directory starts from it instead of running initdb and the migrations in the server,
 * whose WebAssembly memory never shrinks
 * (docs/decisions/0055-embedded-database-from-a-migrated-template.md). One per installed
 * PGlite version and set of migrations.
 */
export function clusterTemplatePath(): string {
  return path.join(
    API_ROOT,
    'dist',
    `pglite-${pgliteVersion()}-${migrationsStamp()}-cluster.tar.gz`,
  );
}

/**
 * Unpacks the build's template into `dir` (which must not hold a cluster yet) on disk, without
 * PGlite: PGlite's own `loadDataDir` unpacks inside its WebAssembly memory, which then stays
 * 60-100 MB larger for the process's life. Unpacked beside and renamed, so an interrupted first
 * start never leaves half a cluster that the next start would take for a whole one. Answers
 * false when the build made no template (PGlite then runs initdb itself).
 */
export async function unpackClusterTemplate(
  dir: string,
  file = clusterTemplatePath(),
): Promise<boolean> {
  if (!existsSync(file)) return false;
  if (existsSync(dir) && readdirSync(dir).length > 0) return false;
  const partial = `${dir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  const tar = await import('tar');
  await tar.x({
    file,
    cwd: partial,
    // PGlite writes absolute names ("/base/1/..."); tar strips the leading slash and says so.
    onwarn: (code, message) => {
      if (code !== 'TAR_ENTRY_INFO') throw new Error(`cluster template: ${message}`);
    },
  });
  rmSync(dir, { recursive: true, force: true });
  renameSync(partial, dir);
  return true;
}

/**
 * Runs initdb once in memory, then `prepare` (the build runs the migrations there), and returns
 * the cluster as a gzipped tarball.
 */
export async function makeClusterTemplate(
  prepare: (client: PGlite) => Promise<void>,
): Promise<Blob> {
  const client = await PGlite.create({
    extensions: pgliteExtensions,
    startParams: PGLITE_START_PARAMS,
  });
  try {
    await prepare(client);
    return await client.dumpDataDir('gzip');
  } finally {
    await client.close();
  }
}
