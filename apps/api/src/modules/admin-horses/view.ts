import { eq } from 'drizzle-orm';
import type { AdminHorse, OwnerSummary } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { horseFiles, type HorseFileRow, type HorseRow } from '../../db/schema.js';
import type { UrlSigner } from '../files/index.js';
import { loadHorse, ownerSummaries, feesPaidFor } from '../horse-repository/index.js';
import { toHorse } from '../horses/index.js';
import {
  pendingChanges,
  type PendingChange,
  resubmissions,
  type Resubmission,
} from '../change-requests/index.js';

export function toAdminHorse(
  row: HorseRow,
  files: HorseFileRow[],
  owner: OwnerSummary | undefined,
  signer: UrlSigner,
  review: { pendingChange?: PendingChange; resubmission?: Resubmission; feesPaid?: string[] } = {},
): AdminHorse {
  return {
    ...toHorse(row, files, signer, null, review.pendingChange ?? null, review.feesPaid),
    version: row.version,
    owner: owner ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedById: row.decidedById,
    resubmission: review.resubmission ?? null,
  };
}

export async function adminHorseById(
  db: Executor,
  signer: UrlSigner,
  horseId: string,
): Promise<AdminHorse> {
  const row = await loadHorse(db, horseId);
  const files = await db.select().from(horseFiles).where(eq(horseFiles.horseId, horseId));
  const [owners, changes, resubmitted, feesPaid] = await Promise.all([
    ownerSummaries(db, [row.ownerId]),
    pendingChanges(db, [row.id]),
    resubmissions(db, [row]),
    feesPaidFor(db, row.id),
  ]);
  return toAdminHorse(row, files, owners.get(row.ownerId), signer, {
    pendingChange: changes.get(row.id),
    resubmission: resubmitted.get(row.id),
    feesPaid,
  });
}
