import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The two multipart-upload calls s3rver does not answer and tus's S3 store needs (ListParts to
 * learn how far an upload got, AbortMultipartUpload when one is cancelled), answered from
 * s3rver's own files (`<dir>/<bucket>/._S3rver_uploads/<uploadId>/<part number>` with a `.md5`
 * beside each part). Real S3, MinIO and Ceph answer them themselves.
 */
interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | undefined>;
  status: number;
  type: string;
  body: unknown;
}

const xml = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${inner}`;

export function multipartPartsMiddleware(dir: string) {
  return async (ctx: KoaContext, next: () => Promise<void>) => {
    const uploadId = ctx.query.uploadId;
    const [, bucket, ...keyParts] = ctx.path.split('/');
    if (!uploadId || !bucket || keyParts.length === 0 || !['GET', 'DELETE'].includes(ctx.method)) {
      return next();
    }
    const uploadDir = path.join(dir, bucket, '._S3rver_uploads', path.basename(uploadId));
    ctx.type = 'application/xml';
    if (!existsSync(uploadDir)) {
      ctx.status = 404;
      ctx.body = xml(
        '<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>',
      );
      return;
    }
    if (ctx.method === 'DELETE') {
      rmSync(uploadDir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = '';
      return;
    }
    const parts = readdirSync(uploadDir)
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .sort((a, b) => a - b)
      .map((number) => {
        const file = path.join(uploadDir, String(number));
        const etag = readFileSync(`${file}.md5`, 'utf8').trim();
        return `<Part><PartNumber>${number}</PartNumber><ETag>"${etag}"</ETag><Size>${statSync(file).size}</Size></Part>`;
      });
    ctx.status = 200;
    ctx.body = xml(
      `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${keyParts.join('/')}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`,
    );
  };
}
