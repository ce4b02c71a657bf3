import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { AwsEnvironment } from '../../config.js';
import { parseListing } from './s3-listing.js';
import { LocalDiskStorage, type FileStorage, type StageResult } from './storage.js';

/**
 * Uploads in an S3-compatible object store (AWS S3, MinIO, Ceph, R2...), so several servers
 * share one set of files. Uploads are still staged on the local disk first, where they are
 * size-checked, hashed and sniffed; `commit` then copies the finished file to the bucket and
 * drops the local copy. Objects are addressed path-style (`<endpoint>/<bucket>/<key>`) or
 * virtual-hosted (`<bucket>.<endpoint host>/<key>`), see parseStorageUrl.
 */
export interface S3Location {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary credentials (AWS_SESSION_TOKEN) are signed with their session token. */
  sessionToken?: string;
  addressing: 'path' | 'virtual';
}

/**
 * `STORAGE_URL`: `s3://[KEY:SECRET@]host[:port]/bucket[?region=eu-west-1&addressing=virtual]`
 * (HTTPS), or `s3+http://...` for a local server without TLS. Key and secret are URL-encoded;
 * without them the AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN variables are
 * used. Addressing defaults to virtual-hosted on amazonaws.com (AWS's own default) and to
 * path-style elsewhere (MinIO and most local servers).
 */
export function parseStorageUrl(value: string, aws: AwsEnvironment = {}): S3Location {
  const url = new URL(value);
  const scheme = url.protocol.replace(/:$/, '');
  if (scheme !== 's3' && scheme !== 's3+http') {
    throw new Error('STORAGE_URL must start with s3:// or s3+http://');
  }
  const bucket = url.pathname.replace(/^\/+|\/+$/g, '');
  if (!bucket || bucket.includes('/')) throw new Error('STORAGE_URL must name one bucket');
  const fromUrl = Boolean(url.username || url.password);
  const accessKeyId = fromUrl ? decodeURIComponent(url.username) : aws.accessKeyId;
  const secretAccessKey = fromUrl ? decodeURIComponent(url.password) : aws.secretAccessKey;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error(
      'STORAGE_URL must carry an access key and secret (s3://KEY:SECRET@host/bucket), or set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    );
  }
  const addressing = url.searchParams.get('addressing') ?? 'auto';
  if (!['auto', 'path', 'virtual'].includes(addressing)) {
    throw new Error('STORAGE_URL addressing must be path or virtual');
  }
  return {
    endpoint: `${scheme === 's3' ? 'https' : 'http'}://${url.host}`,
    bucket,
    region: url.searchParams.get('region') ?? aws.region ?? 'us-east-1',
    accessKeyId,
    secretAccessKey,
    // A session token belongs to the environment's key pair, never to a key written in the URL.
    ...(!fromUrl && aws.sessionToken ? { sessionToken: aws.sessionToken } : {}),
    addressing:
      addressing === 'auto'
        ? url.hostname.endsWith('.amazonaws.com')
          ? 'virtual'
          : 'path'
        : (addressing as 'path' | 'virtual'),
  };
}

/** Where committed objects live: `<first two characters of the key>/<key>`. */
const COMMITTED_OBJECT = /^([0-9a-f]{2})\/(\1[0-9a-f-]{34})$/;
const KEY = /^[0-9a-f-]{36}$/;

/** Attempts per request, and the first pause between them (doubled each time). */
const ATTEMPTS = 4;
const FIRST_PAUSE_MS = 200;

function missing(key: string): Error {
  return Object.assign(new Error(`No stored file ${key}`), { code: 'ENOENT' });
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** Answers worth another try: the store is busy or briefly broken (S3's 500/503, SlowDown 429). */
function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

export class S3Storage implements FileStorage {
  private readonly client: AwsClient;
  private readonly staging: LocalDiskStorage;

  constructor(
    private readonly location: S3Location,
    stagingRoot: string,
    private readonly pauseMs = FIRST_PAUSE_MS,
  ) {
    this.client = new AwsClient({
      accessKeyId: location.accessKeyId,
      secretAccessKey: location.secretAccessKey,
      ...(location.sessionToken ? { sessionToken: location.sessionToken } : {}),
      service: 's3',
      region: location.region,
      // aws4fetch would re-send the same Request, whose file stream is spent after the first
      // try; `send` retries instead, with a freshly opened body each time.
      retries: 0,
    });
    this.staging = new LocalDiskStorage(stagingRoot);
  }

  async init(staleAfterMs?: number): Promise<void> {
    await this.staging.init(staleAfterMs);
  }

  sweepStaged(staleAfterMs: number): Promise<number> {
    return this.staging.sweepStaged(staleAfterMs);
  }

  /** The bucket's base URL: `<endpoint>/<bucket>` or `<scheme>://<bucket>.<host>`. */
  bucketUrl(): string {
    const { endpoint, bucket, addressing } = this.location;
    if (addressing === 'path') return `${endpoint}/${bucket}`;
    const base = new URL(endpoint);
    return `${base.protocol}//${bucket}.${base.host}`;
  }

  objectUrl(key: string): string {
    if (!KEY.test(key)) throw new Error('Invalid storage key');
    return `${this.bucketUrl()}/${key.slice(0, 2)}/${key}`;
  }

  /**
   * One request, tried up to ATTEMPTS times while the store answers 429/5xx or the connection
   * fails. `init` is called for every attempt, so a body is opened anew each time.
   */
  private async send(url: string, init: () => Promise<RequestInit> | RequestInit) {
    for (let attempt = 1; ; attempt += 1) {
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await this.client.fetch(url, await init());
      } catch (error) {
        failure = error;
      }
      const last = attempt >= ATTEMPTS;
      if (response && (!retryable(response.status) || last)) return response;
      if (!response && last) throw failure;
      await response?.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, this.pauseMs * 2 ** (attempt - 1)));
    }
  }

  stage(source: Readable, maxBytes: number): Promise<StageResult> {
    return this.staging.stage(source, maxBytes);
  }

  touchStaged(keys: readonly string[]): Promise<void> {
    return this.staging.touchStaged(keys);
  }

  get touchEveryMs(): number {
    return this.staging.touchEveryMs;
  }

  /** Copies a local file into the bucket as `key` (commit, and a backup's restore). */
  async putFile(key: string, file: string): Promise<void> {
    const { size } = await stat(file);
    // The payload hash is signed too, so the store refuses a body damaged on the way.
    const sha256 = await sha256Of(file);
    const response = await this.send(
      this.objectUrl(key),
      () =>
        ({
          method: 'PUT',
          body: Readable.toWeb(createReadStream(file)) as ReadableStream,
          headers: {
            'content-length': String(size),
            'content-type': 'application/octet-stream',
            'x-amz-content-sha256': sha256,
          },
          // Node's fetch streams a request body only when told it is half-duplex.
          duplex: 'half',
        }) as RequestInit,
    );
    if (!response.ok) {
      throw new Error(`Object store refused ${key}: ${response.status} ${await response.text()}`);
    }
    await response.body?.cancel();
  }

  async commit(key: string): Promise<void> {
    const file = this.staging.stagedPath(key);
    await this.putFile(key, file);
    await rm(file, { force: true });
  }

  /** The committed object, or undefined when the bucket has no such key. */
  private async openCommitted(key: string): Promise<Readable | undefined> {
    const response = await this.send(this.objectUrl(key), () => ({}));
    if (response.ok && response.body) {
      return Readable.fromWeb(response.body as WebReadableStream);
    }
    await response.body?.cancel();
    if (response.status !== 404) {
      throw new Error(`Object store answered ${response.status} for ${key}`);
    }
    return undefined;
  }

  async open(key: string): Promise<Readable> {
    const committed = await this.openCommitted(key);
    if (committed) return committed;
    // Not committed yet: it may still be in the local staging area.
    return this.staging.open(key).catch(() => {
      throw missing(key);
    });
  }

  /** Writes a committed object to a local file (a backup's copy of the bucket). */
  async download(key: string, file: string): Promise<void> {
    const committed = await this.openCommitted(key);
    if (!committed) throw missing(key);
    await mkdir(path.dirname(file), { recursive: true });
    await pipeline(committed, createWriteStream(file, { mode: 0o600 }));
  }

  async remove(key: string): Promise<void> {
    await this.staging.remove(key);
    const response = await this.send(this.objectUrl(key), () => ({ method: 'DELETE' }));
    await response.body?.cancel();
    if (!response.ok && response.status !== 404) {
      throw new Error(`Object store could not delete ${key}: ${response.status}`);
    }
  }

  /** Committed objects dated before `cutoffMs`: the store's LastModified is when the PUT landed. */
  async *committedBefore(cutoffMs: number): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const url = new URL(this.bucketUrl());
      url.searchParams.set('list-type', '2');
      if (token) url.searchParams.set('continuation-token', token);
      const response = await this.send(url.toString(), () => ({}));
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
