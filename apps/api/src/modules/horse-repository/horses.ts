import { and, eq, type SQL } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { isUuid } from '../../db/ids.js';
import { horses, type HorseRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';

export interface HorseScope {
  /** Only this member's horse: another member's is "not found", its existence not theirs to learn. */
  ownerId?: string;
  /** Only an approved horse (what the public search may open). */
  approvedOnly?: boolean;
  /** `SELECT ... FOR UPDATE`, inside a transaction that changes the horse. */
  lock?: boolean;
  /** The 404's message; the office's by default. */
  notFound?: string;
}

/** One horse by id within a scope, or 404 (unknown and malformed ids alike). */
export async function loadHorse(
  db: Executor,
  horseId: string,
  scope: HorseScope = {},
): Promise<HorseRow> {
  const notFound = scope.notFound ?? ADMIN_MESSAGES.horseNotFound;
  if (!isUuid(horseId)) throw new HttpError(404, notFound);
  const conditions: SQL[] = [eq(horses.id, horseId)];
  if (scope.ownerId !== undefined) conditions.push(eq(horses.ownerId, scope.ownerId));
  if (scope.approvedOnly) conditions.push(eq(horses.approvalStatus, 'approved'));
  const query = db
    .select()
    .from(horses)
    .where(and(...conditions));
  const [row] = scope.lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, notFound);
  return row;
}
