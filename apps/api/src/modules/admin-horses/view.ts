import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { horseFiles, horses, users, type HorseFileRow, type HorseRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { ADMIN_MESSAGES } from '@registry/domain';
import type { UrlSigner } from '../files/signed-urls.js';
import { toHorse } from '../horses/records.js';
import { horseSchema } from '../horses/schemas.js';
import { pendingChanges, type PendingChange } from '../change-requests/pending.js';
import { resubmissions, type Resubmission } from '../change-requests/resubmission.js';

export const ownerSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  memberNumber: z.string().nullable(),
  active: z.boolean(),
});
export type OwnerSummary = z.infer<typeof ownerSummarySchema>;

/** The administrator's view of a horse: the owner's full view plus who owns it and the decision. */
export const adminHorseSchema = horseSchema.extend({
  owner: ownerSummarySchema.nullable(),
  decidedAt: z.string().nullable(),
  decidedById: z.string().nullable(),
  /** Set while a corrected rejected registration waits again: the reason it was rejected for. */
  resubmission: z
    .object({
      at: z.string(),
      previousReason: z.string(),
      changes: z.array(z.object({ field: z.string(), from: z.string(), to: z.string() })),
    })
    .nullable(),
});
export type AdminHorse = z.infer<typeof adminHorseSchema>;

export function fullName(user: { firstName: string | null; lastName: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

export async function ownerSummaries(
  db: Executor,
  ids: string[],
): Promise<Map<string, OwnerSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(users).where(inArray(users.id, unique));
  return new Map(
    rows.map((u) => [
      u.id,
      {
        id: u.id,
        email: u.email,
        name: fullName(u),
        memberNumber: u.memberNumber,
        active: u.active,
      },
    ]),
  );
}

export function toAdminHorse(
  row: HorseRow,
  files: HorseFileRow[],
  owner: OwnerSummary | undefined,
  signer: UrlSigner,
  review: { pendingChange?: PendingChange; resubmission?: Resubmission } = {},
): AdminHorse {
  return {
    ...toHorse(row, files, signer, null, review.pendingChange ?? null),
    owner: owner ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedById: row.decidedById,
    resubmission: review.resubmission ?? null,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Any horse by id (admins see all); 404 for unknown or malformed ids. */
export async function loadHorse(db: Executor, horseId: string, lock = false): Promise<HorseRow> {
  if (!UUID.test(horseId)) throw new HttpError(404, ADMIN_MESSAGES.horseNotFound);
  const query = db.select().from(horses).where(eq(horses.id, horseId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, ADMIN_MESSAGES.horseNotFound);
  return row;
}

export async function adminHorseById(
  db: Executor,
  signer: UrlSigner,
  horseId: string,
): Promise<AdminHorse> {
  const row = await loadHorse(db, horseId);
  const files = await db.select().from(horseFiles).where(eq(horseFiles.horseId, horseId));
  const [owners, changes, resubmitted] = await Promise.all([
    ownerSummaries(db, [row.ownerId]),
    pendingChanges(db, [row.id]),
    resubmissions(db, [row]),
  ]);
  return toAdminHorse(row, files, owners.get(row.ownerId), signer, {
    pendingChange: changes.get(row.id),
    resubmission: resubmitted.get(row.id),
  });
}
