import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { S3ClientConfig } from '@aws-sdk/client-s3';
import type { DataStore } from '@tus/utils';
import type { AwsEnvironment } from '../../config.js';
import { parseStorageUrl, s3ClientConfig } from '../files/index.js';

/**
 * Where the bytes of unfinished resumable uploads live: beside the local uploads
 * (`<uploads>/tus`), or, with `STORAGE_URL`, in the same bucket through tus's own S3 store,
 * which keeps an upload's state there too (`<id>.info`, its parts and an `<id>.part` tail), so
 * any instance can continue an upload another one started (docs/operations.md). Finished
 * uploads are copied into the ordinary file store after their checks (finish.ts).
 */
export interface TusStoreSettings {
  uploadsDir: string;
  storageUrl: string | undefined;
  storageAws: AwsEnvironment;
}

export interface TusStore {
  datastore: DataStore;
  /** The bytes of an upload whose last byte arrived. */
  read(id: string): Promise<Readable>;
  /** Removes everything the store holds of an upload, finished or not; never throws for a missing one. */
  discard(id: string): Promise<void>;
}

export async function openTusStore(settings: TusStoreSettings): Promise<TusStore> {
  if (!settings.storageUrl) {
    const store = new FileStore({ directory: path.join(settings.uploadsDir, 'tus') });
    return {
      datastore: store,
      read: async (id) => store.read(id),
      discard: (id) => store.remove(id).catch(() => undefined),
    };
  }
  const location = parseStorageUrl(settings.storageUrl, settings.storageAws);
  // The AWS SDK and tus's S3 store load only with STORAGE_URL
  // (docs/decisions/0054-server-bundled-with-esbuild.md).
  const [{ S3 }, { S3Store }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@tus/s3-store'),
  ]);
  const client: S3ClientConfig = {
    ...s3ClientConfig(location),
    // tus streams each part as it arrives, and the SDK would send a streamed body's checksum as
    // a chunked trailer, which not every S3-compatible store (MinIO, Ceph, local test servers)
    // accepts; the file store's own commits send whole parts with a checksum header instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  const store = new S3Store({
    // 5 MiB is S3's smallest part: an interrupted upload loses at most one part's progress to
    // the tail object, and a 20 MB video is four parts.
    partSize: 5 * 1024 * 1024,
    s3ClientConfig: { ...client, bucket: location.bucket },
  });
  const objects = new S3(client);
  return {
    datastore: store,
    read: (id) => store.read(id),
    discard: async (id) => {
      // Aborts the multipart upload of an unfinished one. S3 answers NoSuchUpload for a
      // finished one, and the store then leaves its objects; they are deleted here either way.
      await store.remove(id).catch(() => undefined);
      // One DELETE per object: every S3-compatible store has it (not all sign DeleteObjects alike).
      for (const Key of [id, `${id}.info`, `${id}.part`]) {
        await objects.deleteObject({ Bucket: location.bucket, Key });
      }
    },
  };
}
