import { eq } from 'drizzle-orm';
import { BREEDING_MESSAGES, BREEDING_MARE_PART } from '@registry/domain';
import type { Executor, Tx } from '../../db/client.js';
import { isUuid } from '../../db/ids.js';
import { breedingReportMares, breedingReports, horses, type HorseRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { findFits } from './fits.js';

/*
 * Foals from breedings (docs/api.md "Breeding reports"): at registration and at each edit of a
 * registration not yet approved, the server decides the foal's link to a reported breeding and
 * its "no breeding report" flag from the stored record, never from what the browser says about
 * it. The browser only names the breeding the owner chose; it must fit.
 */

/** The foal's parents and date as stored. */
export const foalParentsOf = (row: HorseRow) => ({
  sireRegistrationNumber: row.details.sire?.reg ?? '',
  sireName: row.sireName,
  damRegistrationNumber: row.details.dam?.reg ?? '',
  damName: row.damName,
  foalDate: row.foalDate,
});

/**
 * Links the horse to the chosen breeding (`chosen`, the form's `breedingMareId` part as read) or keeps its
 * current link while that still fits; sets `sire_horse_id`/`dam_horse_id` from a link and the
 * flag when no report fits at all. 400 on `breedingMareId` when the chosen one does not fit.
 * Returns the row as written (unchanged when nothing changed).
 */
export async function decideFoalBreeding(
  tx: Tx,
  row: HorseRow,
  chosen: unknown,
): Promise<HorseRow> {
  const fits = await findFits(tx, foalParentsOf(row));
  const wanted = (typeof chosen === 'string' && chosen.trim()) || null;
  let link = null;
  if (wanted) {
    link = fits.find((fit) => fit.breedingMareId === wanted) ?? null;
    if (!link) {
      const message = isUuid(wanted)
        ? BREEDING_MESSAGES.fitDoesNotMatch
        : BREEDING_MESSAGES.fitNotFound;
      throw new HttpError(400, message, { [BREEDING_MARE_PART]: message });
    }
  } else if (row.breedingMareId) {
    link = fits.find((fit) => fit.breedingMareId === row.breedingMareId) ?? null;
  }
  const previous = row.breedingMareId
    ? await lineParents(tx, row.breedingMareId)
    : { sire: null, dam: null };
  // A parent link the previous breeding set goes with it; one the office set stays.
  const keep = (current: string | null, setByBreeding: string | null) =>
    current && current === setByBreeding ? null : current;
  const values = {
    breedingMareId: link?.breedingMareId ?? null,
    noBreedingReport: fits.length === 0,
    sireHorseId: link ? link.stallion.horseId : keep(row.sireHorseId, previous.sire),
    damHorseId: link?.mare ? link.mare.horseId : keep(row.damHorseId, previous.dam),
  };
  if (
    values.breedingMareId === row.breedingMareId &&
    values.noBreedingReport === row.noBreedingReport &&
    values.sireHorseId === row.sireHorseId &&
    values.damHorseId === row.damHorseId
  ) {
    return row;
  }
  const [updated] = await tx.update(horses).set(values).where(eq(horses.id, row.id)).returning();
  return updated ?? row;
}

/** The stallion and registered mare a report line names. */
async function lineParents(db: Executor, lineId: string) {
  const [line] = await db
    .select({ sire: breedingReports.stallionId, dam: breedingReportMares.mareHorseId })
    .from(breedingReportMares)
    .innerJoin(breedingReports, eq(breedingReports.id, breedingReportMares.reportId))
    .where(eq(breedingReportMares.id, lineId));
  return line ?? { sire: null, dam: null };
}
