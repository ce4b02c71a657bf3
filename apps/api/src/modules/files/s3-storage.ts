import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AwsClient } from 'aws4fetch';
import { parseListing } from './s3-listing.js';
import { LocalDiskStorage, type FileStorage, type StageResult } from './storage.js';

/**
 * Uploads in an S3-compatible object store (AWS S3, MinIO, Ceph, R2...), so several servers
 * share one set of files. Uploads are still staged on the local disk first, where they are
 * size-checked, hashed and sniffed; `commit` then copies the finished file to the bucket and
 * drops the local copy. Objects are addressed path-style: `<endpoint>/<bucket>/<key>`.
 */
export interface S3Location {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * `STORAGE_URL`: `s3://KEY:SECRET@host[:port]/bucket?region=eu-west-1` (HTTPS), or
 * `s3+http://...` for a local server without TLS. Key and secret are URL-encoded.
 */
export function parseStorageUrl(value: string): S3Location {
  const url = new URL(value);
  const scheme = url.protocol.replace(/:$/, '');
  if (scheme !== 's3' && scheme !== 's3+http') {
    throw new Error('STORAGE_URL must start with s3:// or s3+http://');
  }
  const bucket = url.pathname.replace(/^\/+|\/+$/g, '');
  if (!bucket || bucket.includes('/')) throw new Error('STORAGE_URL must name one bucket');
  if (!url.username || !url.password) {
    throw new Error(
      'STORAGE_URL must carry an access key and secret (s3://KEY:SECRET@host/bucket)',
    );
  }
  return {
    endpoint: `${scheme === 's3' ? 'https' : 'http'}://${url.host}`,
    bucket,
    region: url.searchParams.get('region') ?? 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}

/** Where committed objects live: `<first two characters of the key>/<key>`. */
const COMMITTED_OBJECT = /^([0-9a-f]{2})\/(\1[0-9a-f-]{34})$/;

function missing(key: string): Error {
  return Object.assign(new Error(`No stored file ${key}`), { code: 'ENOENT' });
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

export class S3Storage implements FileStorage {
  private readonly client: AwsClient;
  private readonly staging: LocalDiskStorage;

  constructor(
    private readonly location: S3Location,
    stagingRoot: string,
  ) {
    this.client = new AwsClient({
      accessKeyId: location.accessKeyId,
      secretAccessKey: location.secretAccessKey,
      service: 's3',
      region: location.region,
    });
    this.staging = new LocalDiskStorage(stagingRoot);
  }

  async init(staleAfterMs?: number): Promise<void> {
    await this.staging.init(staleAfterMs);
  }

  sweepStaged(staleAfterMs: number): Promise<number> {
    return this.staging.sweepStaged(staleAfterMs);
  }

  private objectUrl(key: string): string {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error('Invalid storage key');
    return `${this.location.endpoint}/${this.location.bucket}/${key.slice(0, 2)}/${key}`;
  }

  stage(source: Readable, maxBytes: number): Promise<StageResult> {
    return this.staging.stage(source, maxBytes);
  }

  async commit(key: string): Promise<void> {
    const file = this.staging.stagedPath(key);
    const { size } = await stat(file);
    // The payload hash is signed too, so the store refuses a body damaged on the way.
    const response = await this.client.fetch(this.objectUrl(key), {
      method: 'PUT',
      body: Readable.toWeb(createReadStream(file)) as ReadableStream,
      headers: {
        'content-length': String(size),
        'content-type': 'application/octet-stream',
        'x-amz-content-sha256': await sha256Of(file),
      },
      // Node's fetch streams a request body only when told it is half-duplex.
      duplex: 'half',
    } as RequestInit);
    if (!response.ok) {
      throw new Error(`Object store refused ${key}: ${response.status} ${await response.text()}`);
    }
    await rm(file, { force: true });
  }

  async open(key: string): Promise<Readable> {
    const response = await this.client.fetch(this.objectUrl(key));
    if (response.ok && response.body) {
      return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
    }
    await response.body?.cancel();
    if (response.status !== 404) {
      throw new Error(`Object store answered ${response.status} for ${key}`);
    }
    // Not committed yet: it may still be in the local staging area.
    return this.staging.open(key).catch(() => {
      throw missing(key);
    });
  }

  async remove(key: string): Promise<void> {
    await this.staging.remove(key);
    const response = await this.client.fetch(this.objectUrl(key), { method: 'DELETE' });
    await response.body?.cancel();
    if (!response.ok && response.status !== 404) {
      throw new Error(`Object store could not delete ${key}: ${response.status}`);
    }
  }

  /** Committed objects dated before `cutoffMs`: the store's LastModified is when the PUT landed. */
  async *committedBefore(cutoffMs: number): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const url = new URL(`${this.location.endpoint}/${this.location.bucket}`);
      url.searchParams.set('list-type', '2');
      if (token) url.searchParams.set('continuation-token', token);
      const response = await this.client.fetch(url.toString());
      const body = await response.text();
      if (!response.ok) throw new Error(`Object store refused a listing: ${response.status}`);
      const page = parseListing(body);
      for (const object of page.objects) {
        const key = COMMITTED_OBJECT.exec(object.key)?.[2];
        if (key && object.lastModifiedMs < cutoffMs) yield key;
      }
      token = page.nextToken;
    } while (token);
  }
}
