import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import type { AwsEnvironment } from '../../config.js';
import { LocalDiskStorage, type FileStorage, type StageResult } from './storage.js';

/**
 * Uploads in an S3-compatible object store (AWS S3, MinIO, Ceph, R2...), so several servers
 * share one set of files. Uploads are still staged on the local disk first, where they are
 * size-checked, hashed and sniffed; `commit` then copies the finished file to the bucket and
 * drops the local copy. Objects are addressed path-style (`<endpoint>/<bucket>/<key>`) or
 * virtual-hosted (`<bucket>.<endpoint host>/<key>`), see parseStorageUrl. Every request goes
 * through the AWS SDK (docs/decisions/0058-object-storage-through-the-aws-sdk.md).
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

/**
 * Tries per request (the first and three more) while the store answers 429/5xx or the
 * connection fails; the SDK's standard strategy waits between them (longer after SlowDown).
 */
export const S3_ATTEMPTS = 4;
/**
 * Files above one part go up as a multipart upload (a 20 MB video is four parts); 5 MiB is
 * S3's smallest part. Each part is read into memory, so a refused part can be sent again.
 */
const PART_SIZE = 5 * 1024 * 1024;
/** Parts in flight at once per file, so one commit holds at most 10 MiB in memory. */
const PARTS_AT_ONCE = 2;

/**
 * The SDK client settings for a bucket: endpoint, addressing, credentials and retries. tus's S3
 * store (modules/uploads/tus-store.ts) starts from the same settings.
 */
export function s3ClientConfig(location: S3Location): S3ClientConfig {
  return {
    region: location.region,
    endpoint: location.endpoint,
    forcePathStyle: location.addressing === 'path',
    credentials: {
      accessKeyId: location.accessKeyId,
      secretAccessKey: location.secretAccessKey,
      ...(location.sessionToken ? { sessionToken: location.sessionToken } : {}),
    },
    retryMode: 'standard',
    maxAttempts: S3_ATTEMPTS,
  };
}

/** The object key of a storage key; only our own keys are ever turned into one. */
export function objectKey(key: string): string {
  if (!KEY.test(key)) throw new Error('Invalid storage key');
  return `${key.slice(0, 2)}/${key}`;
}

function missing(key: string): Error {
  return Object.assign(new Error(`No stored file ${key}`), { code: 'ENOENT' });
}

/** What the SDK's errors carry: the S3 error code as `name` and the HTTP status. */
interface SdkError {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

function statusOf(error: unknown): number | undefined {
  return (error as SdkError | undefined)?.$metadata?.httpStatusCode;
}

function notFound(error: unknown): boolean {
  const name = (error as SdkError | undefined)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
}

/** The SDK's error with the key and the store's answer in words an operator can act on. */
function refused(what: string, error: unknown): Error {
  const { name, message } = (error ?? {}) as SdkError;
  const status = statusOf(error);
  return new Error(
    `${what}: ${status ?? 'no answer'} ${name ?? ''}${message ? ` (${message})` : ''}`.trim(),
    { cause: error },
  );
}

interface Sdk {
  client: S3Client;
  sdk: typeof import('@aws-sdk/client-s3');
  Upload: typeof import('@aws-sdk/lib-storage').Upload;
}

export class S3Storage implements FileStorage {
  private readonly staging: LocalDiskStorage;
  private sdkLoad: Promise<Sdk> | undefined;

  constructor(
    private readonly location: S3Location,
    stagingRoot: string,
  ) {
    this.staging = new LocalDiskStorage(stagingRoot);
  }

  /**
   * The SDK loads on first use, so a server without STORAGE_URL never reads it
   * (docs/decisions/0054-server-bundled-with-esbuild.md). A failed load is not kept, so the next
   * call tries again.
   */
  private sdk(): Promise<Sdk> {
    this.sdkLoad ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')])
      .then(([sdk, { Upload }]) => ({
        sdk,
        Upload,
        client: new sdk.S3Client(s3ClientConfig(this.location)),
      }))
      .catch((error: unknown) => {
        this.sdkLoad = undefined;
        throw error;
      });
    return this.sdkLoad;
  }

  async init(staleAfterMs?: number): Promise<void> {
    await this.staging.init(staleAfterMs);
    await this.sdk();
  }

  sweepStaged(staleAfterMs: number): Promise<number> {
    return this.staging.sweepStaged(staleAfterMs);
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

  /**
   * Copies a local file into the bucket as `key` (commit, and a backup's restore): one PUT up to
   * a part's size, a multipart upload above it. The SDK signs each body's SHA-256 and sends a
   * CRC32 checksum the store verifies, so a body damaged on the way is refused, not stored.
   */
  async putFile(key: string, file: string): Promise<void> {
    const { client, Upload } = await this.sdk();
    const upload = new Upload({
      client,
      params: {
        Bucket: this.location.bucket,
        Key: objectKey(key),
        Body: createReadStream(file),
        ContentType: 'application/octet-stream',
      },
      partSize: PART_SIZE,
      queueSize: PARTS_AT_ONCE,
      // A failed multipart upload is aborted, so its parts do not linger in the bucket.
      leavePartsOnError: false,
    });
    await upload.done().catch((error: unknown) => {
      throw refused(`Object store refused ${key}`, error);
    });
  }

  async commit(key: string): Promise<void> {
    const file = this.staging.stagedPath(key);
    await this.putFile(key, file);
    await rm(file, { force: true });
  }

  /** The committed object, or undefined when the bucket has no such key. */
  private async openCommitted(key: string): Promise<Readable | undefined> {
    const { client, sdk } = await this.sdk();
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.location.bucket, Key: objectKey(key) }),
      );
      // In Node the SDK's body is the response stream itself.
      return answer.Body as Readable;
    } catch (error) {
      if (notFound(error)) return undefined;
      throw refused(`Object store could not read ${key}`, error);
    }
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
    const { client, sdk } = await this.sdk();
    await client
      .send(new sdk.DeleteObjectCommand({ Bucket: this.location.bucket, Key: objectKey(key) }))
      .catch((error: unknown) => {
        if (!notFound(error)) throw refused(`Object store could not delete ${key}`, error);
      });
  }

  /** Committed objects dated before `cutoffMs`: the store's LastModified is when the PUT landed. */
  async *committedBefore(cutoffMs: number): AsyncIterable<string> {
    const { client, sdk } = await this.sdk();
    let token: string | undefined;
    do {
      const page = await client
        .send(
          new sdk.ListObjectsV2Command({
            Bucket: this.location.bucket,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        )
        .catch((error: unknown) => {
          throw refused('Object store refused a listing', error);
        });
      for (const object of page.Contents ?? []) {
        const key = COMMITTED_OBJECT.exec(object.Key ?? '')?.[2];
        // An object the store did not date is left out: the sweep never removes what it
        // could not date.
        const modified = object.LastModified?.getTime();
        if (key && modified !== undefined && modified < cutoffMs) yield key;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /** Lets go of the SDK's connections. */
  destroy(): void {
    void this.sdkLoad?.then(({ client }) => client.destroy()).catch(() => undefined);
  }
}
