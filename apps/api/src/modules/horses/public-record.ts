import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { horseFiles } from '../../db/schema.js';
import type { UrlSigner } from '../files/index.js';
import { loadHorse } from '../horse-repository/index.js';
import { toPublicHorse } from './records.js';
import type { PublicHorse } from '@registry/domain';
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
  const markings = await db
    .select()
    .from(horseFiles)
    .where(and(eq(horseFiles.horseId, horseId), eq(horseFiles.kind, 'markingDocument')));
  return toPublicHorse(row, markings, signer);
}
