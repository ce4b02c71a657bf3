import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { horseChangeRequests, horses } from '../db/schema.js';

/*
 * Decisions name the version the office reviewed (docs/api.md "Approvals"). Suites about
 * something else decide on what is in the database now, as an office that just opened it.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The horse's version now; 1 for an id that names no horse (the route answers 404). */
export async function horseVersion(db: Db, horseId: string): Promise<number> {
  if (!UUID.test(horseId)) return 1;
  const [row] = await db
    .select({ version: horses.version })
    .from(horses)
    .where(eq(horses.id, horseId));
  return row?.version ?? 1;
}

export async function requestVersion(db: Db, requestId: string): Promise<number> {
  if (!UUID.test(requestId)) return 1;
  const [row] = await db
    .select({ version: horseChangeRequests.version })
    .from(horseChangeRequests)
    .where(eq(horseChangeRequests.id, requestId));
  return row?.version ?? 1;
}

const APPROVE = /\/api\/admin\/approve-horse\/([^/?]+)$/;
const CHANGE = /\/api\/admin\/change-requests\/([^/?]+)$/;
const TRANSFER = /\/api\/admin\/transfer-horse-ownership$/;

/** `payload` with the current `version` of what `url` decides, unless it names one already. */
export async function asReviewed(
  db: Db,
  url: string,
  payload: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if ('version' in payload) return payload;
  const approve = APPROVE.exec(url);
  if (approve?.[1]) return { ...payload, version: await horseVersion(db, approve[1]) };
  const change = CHANGE.exec(url);
  if (change?.[1]) return { ...payload, version: await requestVersion(db, change[1]) };
  if (TRANSFER.test(url) && typeof payload.horseId === 'string') {
    return { ...payload, version: await horseVersion(db, payload.horseId) };
  }
  return payload;
}
