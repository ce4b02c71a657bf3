import type { FastifyBaseLogger } from 'fastify';
import type { AwsEnvironment } from '../../config.js';
import { parseStorageUrl, S3Storage } from './s3-storage.js';
import { LocalDiskStorage, type FileStorage } from './storage.js';

export interface StorageSettings {
  uploadsDir: string;
  storageUrl: string | undefined;
  storageAws: AwsEnvironment;
  stagingStaleMs: number;
}

/**
 * The configured file store (local disk, or an S3-compatible bucket with local staging), with
 * dead uploads swept at start and then regularly, so a crash mid-upload leaves nothing behind
 * for long.
 */
export async function openStorage(
  settings: StorageSettings,
  log: FastifyBaseLogger,
): Promise<{ storage: FileStorage; stop(): void }> {
  const store = settings.storageUrl
    ? new S3Storage(parseStorageUrl(settings.storageUrl, settings.storageAws), settings.uploadsDir)
    : new LocalDiskStorage(settings.uploadsDir);
  await store.init(settings.stagingStaleMs);
  const every = Math.min(5 * 60_000, Math.max(1_000, Math.floor(settings.stagingStaleMs / 3)));
  const timer = setInterval(() => {
    store
      .sweepStaged(settings.stagingStaleMs)
      .then((removed) => removed > 0 && log.info({ removed }, 'swept abandoned uploads'))
      .catch((error: unknown) => log.warn({ err: error }, 'sweeping abandoned uploads failed'));
  }, every);
  timer.unref();
  return {
    storage: store,
    stop: () => {
      clearInterval(timer);
      if (store instanceof S3Storage) store.destroy();
    },
  };
}
