import { and, eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { horses, type HorseRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The horse, when it exists and (for members) is theirs; otherwise 404 as if it did not exist. */
export async function findHorse(db: Db, horseId: string, ownerId?: string): Promise<HorseRow> {
  if (!UUID.test(horseId)) throw new HttpError(404, PAYMENT_MESSAGES.horseNotFound);
  const [horse] = await db
    .select()
    .from(horses)
    .where(and(eq(horses.id, horseId), ownerId ? eq(horses.ownerId, ownerId) : undefined));
  if (!horse) throw new HttpError(404, PAYMENT_MESSAGES.horseNotFound);
  return horse;
}
