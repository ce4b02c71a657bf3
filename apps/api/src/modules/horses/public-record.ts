import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { horseFiles, horses } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import type { UrlSigner } from '../files/signed-urls.js';
import { toPublicHorse } from './records.js';
import type { PublicHorse } from './schemas.js';
import { HORSE_API_MESSAGES } from './service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One approved horse as the registry search shows it when a result is opened: the public
 * record with its marking photos. Anything not approved (or unknown) is "not found".
 */
export async function publicHorseById(
  db: Db,
  signer: UrlSigner,
  horseId: string,
): Promise<PublicHorse> {
  if (!UUID.test(horseId)) throw new HttpError(404, HORSE_API_MESSAGES.notFound);
  const [row] = await db
    .select()
    .from(horses)
    .where(and(eq(horses.id, horseId), eq(horses.approvalStatus, 'approved')));
  if (!row) throw new HttpError(404, HORSE_API_MESSAGES.notFound);
  const markings = await db
    .select()
    .from(horseFiles)
    .where(and(eq(horseFiles.horseId, horseId), eq(horseFiles.kind, 'markingDocument')));
  return toPublicHorse(row, markings, signer);
}
