import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_BREEDING_REPORT_SETTINGS,
  DEFAULT_TRANSFER_SETTINGS,
  breedingReportSettingsSchema,
  transferSettingsSchema,
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

/** Who saves an area's settings, for the row and its audit entry. */
export interface SettingsActor {
  userId: string;
  ip: string;
}

/** One area of the settings, as the rules and the routes use it. */
export interface SettingsArea<T> {
  read: (db: Executor) => Promise<T>;
  save: (db: Db, value: T, actor: SettingsActor) => Promise<T>;
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
): SettingsArea<T> {
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

/** The areas: what transfers cost and who pays; when a season's breeding reports close. */
export const transfers = settingsArea(
  'transfers',
  transferSettingsSchema,
  DEFAULT_TRANSFER_SETTINGS,
  'settings.transfers',
);

/** The transfer fee, who pays it and whether completed, paid transfers approve themselves. */
export const transferSettings = transfers.read;

export const breedingReports = settingsArea(
  'breedingReports',
  breedingReportSettingsSchema,
  DEFAULT_BREEDING_REPORT_SETTINGS,
  'settings.breeding-reports',
);

/** The deadline's month, day and year offset (the defaults until the office sets them). */
export const breedingReportSettings = breedingReports.read;
