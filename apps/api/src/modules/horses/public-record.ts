import { and, eq, inArray } from 'drizzle-orm';
import { PUBLIC_FILE_KINDS, type PublicHorse } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { horseFiles } from '../../db/schema.js';
import type { UrlSigner } from '../files/index.js';
import { loadHorse } from '../horse-repository/index.js';
import { toPublicHorse } from './records.js';
import { HORSE_API_MESSAGES } from './service.js';

/**
 * One approved horse as the registry search shows it when a result is opened: the public
 * record with its marking photos. Anything not approved (or unknown) is "not found".
 */
export async function publicHorseById(
  db: Db,
  signer: UrlSigner,
  horseId: string,
): Promise<PublicHorse> {
  const row = await loadHorse(db, horseId, {
    approvedOnly: true,
    notFound: HORSE_API_MESSAGES.notFound,
  });
  // Only the files every member sees (the files' table: the marking photos).
  const files = await db
    .select()
    .from(horseFiles)
    .where(and(eq(horseFiles.horseId, horseId), inArray(horseFiles.kind, [...PUBLIC_FILE_KINDS])));
  return toPublicHorse(row, files, signer);
}
