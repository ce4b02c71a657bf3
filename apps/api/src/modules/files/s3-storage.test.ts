import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../test/s3-server.js';
import { isOversized } from './storage.js';
import { objectKey, parseStorageUrl, s3ClientConfig, S3Storage } from './s3-storage.js';

/** Against a real S3-compatible server (s3rver from npm) on a free local port. */
let s3: LocalS3;
let serverDir: string;
let stagingDir: string;
let storageUrl: string;

beforeAll(async () => {
  stagingDir = mkdtempSync(path.join(tmpdir(), 'registry-s3-staging-'));
  s3 = await startLocalS3('registry');
  serverDir = s3.dir;
  storageUrl = s3.url;
});

afterAll(async () => {
  await s3?.stop();
  rmSync(stagingDir, { recursive: true, force: true });
});

function objectFiles(): string[] {
  return readdirSync(path.join(serverDir, 'registry'), { recursive: true }).map(String);
}

describe('S3 storage', () => {
  it('reads STORAGE_URL and refuses incomplete ones', () => {
    expect(parseStorageUrl('s3://AK%2B1:se%2Fcret@s3.example.com/photos?region=eu-west-1')).toEqual(
      {
        endpoint: 'https://s3.example.com',
        bucket: 'photos',
        region: 'eu-west-1',
        accessKeyId: 'AK+1',
        secretAccessKey: 'se/cret',
        addressing: 'path',
      },
    );
    expect(() => parseStorageUrl('s3://host/bucket')).toThrow(/access key/);
    expect(() => parseStorageUrl('s3://a:b@host/bucket?addressing=dns')).toThrow(/addressing/);
    expect(() => parseStorageUrl('http://a:b@host/bucket')).toThrow(/s3:\/\//);
    expect(() => parseStorageUrl('s3://a:b@host/')).toThrow(/bucket/);
  });

  it('takes credentials, session token and region from the AWS variables when the URL has none', () => {
    const aws = {
      accessKeyId: 'ASIA1',
      secretAccessKey: 's',
      sessionToken: 'tok',
      region: 'eu-central-1',
    };
    expect(parseStorageUrl('s3://s3.eu-central-1.amazonaws.com/photos', aws)).toEqual({
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      bucket: 'photos',
      region: 'eu-central-1',
      accessKeyId: 'ASIA1',
      secretAccessKey: 's',
      sessionToken: 'tok',
      // AWS's own hosts default to virtual-hosted addressing.
      addressing: 'virtual',
    });
    // A key pair in the URL wins, and the environment's session token does not go with it.
    const own = parseStorageUrl('s3://K:S@minio.local:9000/photos?region=x', aws);
    expect(own).toMatchObject({ accessKeyId: 'K', region: 'x', addressing: 'path' });
    expect(own.sessionToken).toBeUndefined();
  });

  it('addresses objects path-style or virtual-hosted, under the key’s first two characters', async () => {
    const key = 'ab6f2c1e-0000-4000-8000-000000000000';
    interface SeenRequest {
      protocol: string;
      hostname: string;
      port?: number;
      path: string;
    }
    /** The URL the SDK would call for a GetObject, with the answer made up here. */
    async function urlOf(storageUrl: string): Promise<string> {
      let seen = '';
      const client = new S3Client({
        ...s3ClientConfig(parseStorageUrl(storageUrl)),
        requestHandler: {
          handle: async (request: SeenRequest) => {
            seen = `${request.protocol}//${request.hostname}${request.port ? `:${request.port}` : ''}${request.path}`;
            return { response: { statusCode: 200, headers: {}, body: Readable.from([]) } };
          },
        },
      });
      const location = parseStorageUrl(storageUrl);
      await client.send(new GetObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }));
      client.destroy();
      return seen;
    }
    expect(await urlOf('s3+http://K:S@127.0.0.1:9000/photos')).toBe(
      `http://127.0.0.1:9000/photos/ab/${key}`,
    );
    expect(await urlOf('s3://K:S@storage.example.org/photos?addressing=virtual')).toBe(
      `https://photos.storage.example.org/ab/${key}`,
    );
    expect(() => objectKey('../etc/passwd')).toThrow(/Invalid storage key/);
  });

  it('stages locally, commits to the bucket, reads back and removes', async () => {
    const storage = new S3Storage(parseStorageUrl(storageUrl), stagingDir);
    await storage.init();
    const bytes = randomBytes(3 * 1024 * 1024);
    const staged = await storage.stage(Readable.from([bytes]), 5 * 1024 * 1024);
    if (isOversized(staged)) throw new Error('unexpectedly oversized');

    await storage.commit(staged.key);
    // The local copy is gone; the object is in the store.
    expect(existsSync(path.join(stagingDir, 'tmp', staged.key))).toBe(false);
    expect(objectFiles().some((name) => name.includes(staged.key))).toBe(true);

    const back = Buffer.from(
      await (await storage.open(staged.key)).toArray().then((c) => Buffer.concat(c)),
    );
    expect(back.equals(bytes)).toBe(true);

    await storage.remove(staged.key);
    await expect(storage.open(staged.key)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('serves a staged file before it is committed, and refuses oversized ones', async () => {
    const storage = new S3Storage(parseStorageUrl(storageUrl), stagingDir);
    await storage.init();
    const staged = await storage.stage(Readable.from(['staged only']), 100);
    if (isOversized(staged)) throw new Error('unexpectedly oversized');
    expect(await text(await storage.open(staged.key))).toBe('staged only');
    await storage.remove(staged.key);

    const big = await storage.stage(Readable.from([Buffer.alloc(200)]), 100);
    expect(isOversized(big)).toBe(true);
  });

  it('fails a commit loudly, keeping the staged file, when the store refuses it', async () => {
    const wrong = storageUrl.replace('/registry', '/no-such-bucket');
    const storage = new S3Storage(parseStorageUrl(wrong), stagingDir);
    await storage.init();
    const staged = await storage.stage(Readable.from(['x']), 100);
    if (isOversized(staged)) throw new Error('unexpectedly oversized');
    await expect(storage.commit(staged.key)).rejects.toThrow(/refused/);
    // Nothing is lost: the upload is still staged, and the caller's rollback removes it.
    expect(existsSync(path.join(stagingDir, 'tmp', staged.key))).toBe(true);
    await storage.remove(staged.key);
    expect(existsSync(path.join(stagingDir, 'tmp', staged.key))).toBe(false);
  });
});
