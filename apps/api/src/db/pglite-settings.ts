import { existsSync, readFileSync } from 'node:fs';
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

/**
 * Where the build keeps an empty cluster (`npm run build -w apps/api` writes it): a new data
 * directory starts from it instead of running initdb in the server, whose three WebAssembly
 * instances at once made the first start peak at 800-900 MB.
 */
export function clusterTemplatePath(): string {
  return path.join(API_ROOT, 'dist', `pglite-${pgliteVersion()}-cluster.tar.gz`);
}

/** The template's bytes when the build made one for this PGlite, else undefined (initdb runs). */
export function readClusterTemplate(): Blob | undefined {
  const file = clusterTemplatePath();
  return existsSync(file) ? new Blob([readFileSync(file)]) : undefined;
}

/** Runs initdb once in memory and returns the empty cluster as a gzipped tarball. */
export async function makeClusterTemplate(): Promise<Blob> {
  const client = await PGlite.create({
    extensions: pgliteExtensions,
    startParams: PGLITE_START_PARAMS,
  });
  try {
    return await client.dumpDataDir('gzip');
  } finally {
    await client.close();
  }
}
