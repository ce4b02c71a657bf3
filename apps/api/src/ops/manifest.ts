import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/**
 * One backup archive (a .tar.gz): `manifest.json`, `db/<table>.jsonl` (one JSON row per line)
 * and `uploads/<path>` (the committed upload files). The manifest lets a restore prove it got
 * every row and every byte back.
 */
export const BACKUP_FORMAT = 'gaited-horse-registry-backup';

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  createdAt: z.string(),
  databaseKind: z.string(),
  migrations: z.number().int().nonnegative(),
  /** Table name -> row count, in the order a restore must insert them. */
  tables: z.array(z.object({ name: z.string(), rows: z.number().int().nonnegative() })),
  files: z.array(
    z.object({
      path: z.string(),
      size: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * Committed upload files relative to `root`, sorted; `tmp/` holds uploads in progress, which no
 * record points at yet, so it is left out.
 */
export async function listUploadFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      },
    );
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(root, full);
      if (entry.isDirectory()) {
        if (relative !== 'tmp') await walk(full);
      } else if (entry.isFile()) {
        found.push(relative.split(path.sep).join('/'));
      }
    }
  };
  await walk(root);
  return found.sort();
}

export async function describeFile(root: string, relative: string) {
  const file = path.join(root, relative);
  const info = await stat(file);
  return { path: relative, size: info.size, sha256: await sha256OfFile(file) };
}

/**
 * An object store holding the committed uploads instead of the uploads folder (STORAGE_URL):
 * what a backup copies out of it and a restore puts back (modules/files/s3-storage.ts).
 */
export interface UploadBucket {
  committedBefore(cutoffMs: number): AsyncIterable<string>;
  download(key: string, file: string): Promise<void>;
  putFile(key: string, file: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/** Where a committed upload lies in the archive (and on local disk): `<first two chars>/<key>`. */
export function uploadPath(key: string): string {
  return `${key.slice(0, 2)}/${key}`;
}
