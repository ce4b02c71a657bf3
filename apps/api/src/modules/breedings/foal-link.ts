import { eq } from 'drizzle-orm';
import { BREEDING_MESSAGES, BREEDING_MARE_PART, type BreedingFit } from '@registry/domain';
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

/** The foal's parents and date as stored (or about to be: a registration's values). */
export const foalParentsOf = (
  row: Pick<HorseRow, 'details' | 'sireName' | 'damName' | 'foalDate'>,
) => ({
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
  // Without a named one, the current link stays while it still fits.
  const link =
    namedFit(fits, chosen) ??
    (row.breedingMareId
      ? (fits.find((fit) => fit.breedingMareId === row.breedingMareId) ?? null)
      : null);
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

/**
 * The breeding the form names (`chosen`), which must be one of `fits` (else 400 on
 * `breedingMareId`); undefined when the form names none.
 */
function namedFit(fits: BreedingFit[], chosen: unknown): BreedingFit | undefined {
  const wanted = (typeof chosen === 'string' && chosen.trim()) || null;
  if (!wanted) return undefined;
  const link = fits.find((fit) => fit.breedingMareId === wanted);
  if (link) return link;
  const message = isUuid(wanted)
    ? BREEDING_MESSAGES.fitDoesNotMatch
    : BREEDING_MESSAGES.fitNotFound;
  throw new HttpError(400, message, { [BREEDING_MARE_PART]: message });
}

/** The columns that link a horse to a breeding (what decideFoalBreeding writes). */
export type FoalLink = Pick<
  HorseRow,
  'breedingMareId' | 'noBreedingReport' | 'sireHorseId' | 'damHorseId'
>;

/**
 * The link of a horse being registered, decided from the values about to be inserted, so that
 * the insert carries it: the same outcome as decideFoalBreeding on the new row (which has no
 * link yet to keep), without writing the row twice.
 */
export async function newFoalLink(
  tx: Tx,
  values: Parameters<typeof foalParentsOf>[0],
  chosen: unknown,
): Promise<FoalLink> {
  const fits = await findFits(tx, foalParentsOf(values));
  const link = namedFit(fits, chosen);
  return {
    breedingMareId: link?.breedingMareId ?? null,
    noBreedingReport: fits.length === 0,
    sireHorseId: link ? link.stallion.horseId : null,
    damHorseId: link?.mare ? link.mare.horseId : null,
  };
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
