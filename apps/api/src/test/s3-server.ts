import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { multipartPartsMiddleware } from './s3-multipart-parts.js';

/**
 * s3rver checks a bucket-level request's signature (a listing: `GET /bucket/?list-type=2`) over
 * the path `/bucket`, while S3 itself, and so the AWS SDK, sign the path as sent, `/bucket/`:
 * every listing would be refused. Such requests are marked on arrival, and s3rver's
 * string-to-sign then uses the path as sent; every other check of the signature stays its own.
 */
const BUCKET_ROOT = 'x-local-s3-bucket-root';
interface CanonicalRequest {
  uri: string;
  headers: Record<string, string | undefined>;
}
const signatureV4 = createRequire(import.meta.url)('@20minutes/s3rver/lib/signature/v4.js') as {
  getStringToSign(canonical: CanonicalRequest, request: unknown): string;
  patchedForBucketRoot?: true;
};
if (!signatureV4.patchedForBucketRoot) {
  const original = signatureV4.getStringToSign.bind(signatureV4);
  signatureV4.getStringToSign = (canonical, request) =>
    original(
      canonical.headers[BUCKET_ROOT] ? { ...canonical, uri: `${canonical.uri}/` } : canonical,
      request,
    );
  signatureV4.patchedForBucketRoot = true;
}

function markBucketRoot(
  ctx: { path: string; req: { headers: Record<string, unknown> } },
  next: () => Promise<void>,
) {
  if (/^\/[^/]+\/$/.test(ctx.path)) ctx.req.headers[BUCKET_ROOT] = '1';
  return next();
}

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
  server.middleware.unshift(markBucketRoot);
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
