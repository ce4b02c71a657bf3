import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { multipartPartsMiddleware } from './s3-multipart-parts.js';

export interface LocalS3 {
  /** A STORAGE_URL for the bucket. */
  url: string;
  /** Where s3rver keeps the bucket's objects, as files under `<dir>/<bucket>/`. */
  dir: string;
  stop(): Promise<void>;
}

/** A real S3-compatible server (@20minutes/s3rver from npm) with one empty bucket, on a free local port. */
export async function startLocalS3(bucket: string): Promise<LocalS3> {
  const dir = mkdtempSync(path.join(tmpdir(), 'registry-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  // Ahead of s3rver's own router, which refuses these calls (tus's S3 store makes them).
  server.middleware.unshift(multipartPartsMiddleware(dir));
  const { port } = await server.run();
  return {
    url: `s3+http://S3RVER:S3RVER@127.0.0.1:${port}/${bucket}`,
    dir,
    stop: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
