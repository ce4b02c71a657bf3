import { eq } from 'drizzle-orm';
import {
  DEFAULT_TRANSFER_SETTINGS,
  transferSettingsSchema,
  type TransferSettings,
} from '@registry/domain';
import type { Db, Executor } from '../../db/client.js';
import { associationSettings } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';

/*
 * The association's run-time settings (docs/api.md "Settings"): one row per area in
 * `association_settings`, each value read back through its domain schema, so a row written by
 * an older release (or by hand) that no longer fits falls back to the defaults rather than
 * reaching the rules half-valid.
 */

const TRANSFERS = 'transfers';

/** The transfer fee, who pays it and whether completed, paid transfers approve themselves. */
export async function transferSettings(db: Executor): Promise<TransferSettings> {
  const [row] = await db
    .select({ value: associationSettings.value })
    .from(associationSettings)
    .where(eq(associationSettings.key, TRANSFERS));
  const parsed = transferSettingsSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_TRANSFER_SETTINGS;
}

/** Saves the transfer settings and their audit entry (before and after) in one transaction. */
export async function saveTransferSettings(
  db: Db,
  value: TransferSettings,
  actor: { userId: string; ip: string },
): Promise<TransferSettings> {
  return db.transaction(async (tx) => {
    const before = await transferSettings(tx);
    const now = new Date();
    await tx
      .insert(associationSettings)
      .values({ key: TRANSFERS, value, updatedAt: now, updatedById: actor.userId })
      .onConflictDoUpdate({
        target: associationSettings.key,
        set: { value, updatedAt: now, updatedById: actor.userId },
      });
    await recordAudit(tx, {
      action: 'settings.transfers',
      success: true,
      actorId: actor.userId,
      ip: actor.ip,
      details: { before, after: value },
    });
    return value;
  });
}
