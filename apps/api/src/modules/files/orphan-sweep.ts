import type { FastifyBaseLogger } from 'fastify';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { horseFiles, uploads, users } from '../../db/schema.js';
import type { FileStorage } from './storage.js';

/**
 * Committed uploads no row points at. A registration moves its files into place as the last step
 * of its transaction, so a server killed between that move and the commit leaves committed files
 * without rows (never the reverse: fault/upload-crash.test.ts). Removing a replaced or deleted
 * horse's files after the commit can fail too. This sweep removes such files, once they were
 * committed long enough ago that no request can still be about to commit the rows naming them.
 */

/** How many keys are checked against the database at once. */
const BATCH = 500;

/**
 * Every column that names a stored file. A new one must be added here, or the sweep would take
 * its files for orphans once they are older than the minimum age.
 */
async function referencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const referenced = new Set<string>();
  const files = await db
    .select({ key: horseFiles.storageKey })
    .from(horseFiles)
    .where(inArray(horseFiles.storageKey, keys));
  for (const row of files) referenced.add(row.key);
  // Checked resumable uploads wait here until a save attaches them or they expire.
  const waiting = await db
    .select({ key: uploads.storageKey })
    .from(uploads)
    .where(inArray(uploads.storageKey, keys));
  for (const row of waiting) if (row.key) referenced.add(row.key);
  // users.profile_picture holds `<key>.<format>` (profile/avatar-links.ts).
  const pictureKey = sql<string>`split_part(${users.profilePicture}, '.', 1)`;
  const pictures = await db
    .select({ key: pictureKey })
    .from(users)
    .where(inArray(pictureKey, keys));
  for (const row of pictures) referenced.add(row.key);
  return referenced;
}

export interface OrphanSweepOptions {
  /** Only files committed at least this long ago are considered. */
  minAgeMs: number;
  now?: number;
  /** Checked after each full batch, so a shutdown waits for one batch, not a whole listing. */
  stopped?: () => boolean;
}

/** Removes committed files that no row references; returns how many were removed. */
export async function sweepOrphanedUploads(
  db: Db,
  storage: FileStorage,
  options: OrphanSweepOptions,
): Promise<number> {
  const cutoff = (options.now ?? Date.now()) - options.minAgeMs;
  let removed = 0;
  let batch: string[] = [];
  const settle = async () => {
    const referenced = await referencedKeys(db, batch);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await storage.remove(key);
      removed += 1;
    }
    batch = [];
  };
  for await (const key of storage.committedBefore(cutoff)) {
    batch.push(key);
    if (batch.length < BATCH) continue;
    await settle();
    if (options.stopped?.()) return removed;
  }
  if (batch.length > 0) await settle();
  return removed;
}

export interface OrphanSweeper {
  /** Stops the schedule and waits for a sweep in progress (the database must still be open). */
  stop(): Promise<void>;
}

/**
 * Sweeps once shortly after start (not awaited: a large store must not delay start-up), then
 * every half of the minimum age, at most hourly. Logs how many files each sweep removed.
 */
export function startOrphanSweeper(
  db: Db,
  storage: FileStorage,
  minAgeMs: number,
  log: FastifyBaseLogger,
  /** Runs first in every sweep: expired resumable uploads (modules/uploads/sweep.ts). */
  sweepExpired?: () => Promise<number>,
): OrphanSweeper {
  let stopped = false;
  let running: Promise<void> | undefined;
  const run = () => {
    if (stopped || running) return;
    running = (sweepExpired?.() ?? Promise.resolve(0))
      .then((expired) => expired > 0 && log.info({ expired }, 'swept expired uploads'))
      .catch((error: unknown) => log.warn({ err: error }, 'sweeping expired uploads failed'))
      .then(() => sweepOrphanedUploads(db, storage, { minAgeMs, stopped: () => stopped }))
      .then((removed) => log.info({ removed }, 'swept orphaned uploads'))
      .catch((error: unknown) => log.warn({ err: error }, 'sweeping orphaned uploads failed'))
      .finally(() => (running = undefined));
  };
  const first = setTimeout(run, 0);
  const every = Math.min(60 * 60_000, Math.max(1_000, Math.floor(minAgeMs / 2)));
  const timer = setInterval(run, every);
  first.unref();
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
