import { and, inArray, isNotNull, or, sql, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { horses, nameSearchKey, type HorseRow } from '../../db/schema.js';
import { recordRevision } from '../horse-repository/index.js';
import { decideFoalBreeding } from './foal-link.js';
import { nameKey } from './mare-lines.js';

/*
 * A report filed or amended after a foal of its stallion was registered: the registrations not
 * yet approved that name the stallion as sire and are flagged "no breeding report" or linked to
 * one of its breedings are decided again (docs/decisions/0106-breeding-reports.md), so the flag
 * clears once a report fits and a link goes when the amended line no longer fits. Each one
 * changed gets a new revision: an approval made on the earlier one is refused (409).
 */
export async function refreshFoalsOf(tx: Tx, stallion: HorseRow, actorId: string): Promise<number> {
  const number = stallion.registrationNumber ?? '';
  const name = nameKey(stallion.approvedName ?? '');
  const sire = [
    number
      ? sql`upper(regexp_replace(coalesce(${horses.details}->'sire'->>'reg', ''), '[[:space:]]', '', 'g')) = ${number}`
      : undefined,
    name ? sql`${nameSearchKey(horses.sireName)} = ${name}` : undefined,
  ].filter((condition) => condition !== undefined);
  if (sire.length === 0) return 0;
  const rows = await tx
    .select()
    .from(horses)
    .where(
      and(
        inArray(horses.approvalStatus, ['pending', 'rejected']),
        or(eq(horses.noBreedingReport, true), isNotNull(horses.breedingMareId)),
        or(...sire),
      ),
    )
    .for('update');
  let changed = 0;
  for (const row of rows) {
    const after = await decideFoalBreeding(tx, row, undefined);
    if (after !== row) {
      await recordRevision(tx, row.id, actorId);
      changed += 1;
    }
  }
  return changed;
}
