import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { isUuid } from '../../db/ids.js';
import { horses, type HorseRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { prepared } from '../../db/prepared.js';

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
  const owned = scope.ownerId !== undefined;
  // One statement per shape of the scope, built once (db/prepared.ts); each serves by key.
  const name = `load_horse${owned ? '_owned' : ''}${scope.approvedOnly ? '_approved' : ''}${scope.lock ? '_locked' : ''}`;
  const statement = prepared(db, name, () => {
    const conditions: SQL[] = [eq(horses.id, sql.placeholder('horseId'))];
    if (owned) conditions.push(eq(horses.ownerId, sql.placeholder('ownerId')));
    if (scope.approvedOnly) conditions.push(eq(horses.approvalStatus, 'approved'));
    const query = db
      .select()
      .from(horses)
      .where(and(...conditions));
    return (scope.lock ? query.for('update') : query).prepare(name);
  });
  const [row] = await statement.execute({ horseId, ownerId: scope.ownerId });
  if (!row) throw new HttpError(404, notFound);
  return row;
}
