import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_TRANSFER_SETTINGS, transferSettingsSchema } from '@registry/domain';
import type { Db, Executor } from '../../db/client.js';
import { associationSettings } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';

/*
 * The association's run-time settings (docs/api.md "Settings"): one row per area in
 * `association_settings`, each value read back through its domain schema, so a row written by
 * an older release (or by hand) that no longer fits falls back to the defaults rather than
 * reaching the rules half-valid.
 */

/** Who saves an area's settings, for the row and its audit entry. */
export interface SettingsActor {
  userId: string;
  ip: string;
}

/**
 * One area's row: `read` parses it through `schema` (the defaults when it is missing or no
 * longer fits), `save` upserts it with an audit entry (`auditAction`, before and after) in one
 * transaction.
 */
export function settingsArea<T extends Record<string, unknown>>(
  key: string,
  schema: z.ZodType<T>,
  defaults: T,
  auditAction: string,
) {
  const read = async (db: Executor): Promise<T> => {
    const [row] = await db
      .select({ value: associationSettings.value })
      .from(associationSettings)
      .where(eq(associationSettings.key, key));
    const parsed = schema.safeParse(row?.value);
    return parsed.success ? parsed.data : defaults;
  };
  const save = (db: Db, value: T, actor: SettingsActor): Promise<T> =>
    db.transaction(async (tx) => {
      const before = await read(tx);
      const edit = { value, updatedAt: new Date(), updatedById: actor.userId };
      await tx
        .insert(associationSettings)
        .values({ key, ...edit })
        .onConflictDoUpdate({ target: associationSettings.key, set: edit });
      await recordAudit(tx, {
        action: auditAction,
        success: true,
        actorId: actor.userId,
        ip: actor.ip,
        details: { before, after: value },
      });
      return value;
    });
  return { read, save };
}

const transfers = settingsArea(
  'transfers',
  transferSettingsSchema,
  DEFAULT_TRANSFER_SETTINGS,
  'settings.transfers',
);

/** The transfer fee, who pays it and whether completed, paid transfers approve themselves. */
export const transferSettings = transfers.read;

/** Saves the transfer settings and their audit entry (before and after) in one transaction. */
export const saveTransferSettings = transfers.save;
