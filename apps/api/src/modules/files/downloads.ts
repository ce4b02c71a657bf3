import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { horseFiles, horses } from '../../db/schema.js';

/** A stored file as a download needs it: where, what, and whose horse signs its links. */
export interface DownloadableFile {
  storageKey: string;
  mime: string;
  size: number;
  originalName: string;
  ownerId: string;
  ownerEpoch: number;
}

/** The file and its horse's owner, or undefined (an id that is not a uuid costs no read). */
export async function downloadableFile(
  db: Db,
  fileId: string,
): Promise<DownloadableFile | undefined> {
  if (!z.uuid().safeParse(fileId).success) return undefined;
  const [file] = await db
    .select({
      storageKey: horseFiles.storageKey,
      mime: horseFiles.mime,
      size: horseFiles.size,
      originalName: horseFiles.originalName,
      ownerId: horses.ownerId,
      ownerEpoch: horses.ownerEpoch,
    })
    .from(horseFiles)
    .innerJoin(horses, eq(horses.id, horseFiles.horseId))
    .where(eq(horseFiles.id, fileId));
  return file;
}
