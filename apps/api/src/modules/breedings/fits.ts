import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  GESTATION_MAX_DAYS,
  GESTATION_MIN_DAYS,
  normalizeRegistrationNumber,
  type BreedingFit,
} from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { breedingReportMares, breedingReports, horses, nameSearchKey } from '../../db/schema.js';
import { horseRefs } from './view.js';
import { nameKey } from './mare-lines.js';

/*
 * Which reported breedings a foal fits (docs/api.md "Breeding reports", "Breedings that fit"):
 * the sire's report names the dam, and the foal date is GESTATION_MIN_DAYS to
 * GESTATION_MAX_DAYS (both included) after one of the breeding dates.
 */

export interface FoalParents {
  sireRegistrationNumber?: string;
  sireName?: string;
  damRegistrationNumber?: string;
  damName?: string;
  foalDate: string;
}

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The smallest fitting gestation over the line's dates, or null when none fits. */
export function gestationFit(breedingDates: readonly string[], foalDate: string): number | null {
  const fitting = breedingDates
    .map((date) => daysBetween(date, foalDate))
    .filter((days) => days >= GESTATION_MIN_DAYS && days <= GESTATION_MAX_DAYS);
  return fitting.length > 0 ? Math.min(...fitting) : null;
}

/** Approved horses of this sex given by number or, failing that, by approved name. */
async function registered(
  db: Executor,
  sex: 'Stallion' | 'Mare',
  number: string | undefined,
  name: string | undefined,
): Promise<string[]> {
  const wanted = normalizeRegistrationNumber(number ?? '');
  const key = nameKey(name ?? '');
  const by = async (condition: SQL) =>
    (
      await db
        .select({ id: horses.id })
        .from(horses)
        .where(and(eq(horses.approvalStatus, 'approved'), eq(horses.sex, sex), condition))
    ).map((row) => row.id);
  if (wanted) {
    const ids = await by(eq(horses.registrationNumber, wanted));
    if (ids.length > 0) return ids;
  }
  if (!key) return [];
  // The unique index of approved names serves this lookup (the same expression and predicate;
  // the few legacy duplicate names are ambiguous by name anyway).
  return by(
    and(
      sql`${nameSearchKey(horses.approvedName)} = ${key}`,
      eq(horses.legacyDuplicateName, false),
    ) as SQL,
  );
}

export async function findFits(db: Executor, foal: FoalParents): Promise<BreedingFit[]> {
  const stallions = await registered(db, 'Stallion', foal.sireRegistrationNumber, foal.sireName);
  if (stallions.length === 0) return [];
  const mares = await registered(db, 'Mare', foal.damRegistrationNumber, foal.damName);
  const damKey = nameKey(foal.damName ?? '');
  const damMatch: SQL[] = [];
  if (mares.length > 0) damMatch.push(inArray(breedingReportMares.mareHorseId, mares));
  if (damKey) {
    damMatch.push(sql`${nameSearchKey(breedingReportMares.mareName)} = ${damKey}`);
  }
  if (damMatch.length === 0) return [];
  // A foal is born in the season's year or the next (400 days at most).
  const foalYear = Number(foal.foalDate.slice(0, 4));
  const rows = await db
    .select({
      line: breedingReportMares,
      reportId: breedingReports.id,
      season: breedingReports.season,
      stallionId: breedingReports.stallionId,
    })
    .from(breedingReportMares)
    .innerJoin(breedingReports, eq(breedingReports.id, breedingReportMares.reportId))
    .where(
      and(
        inArray(breedingReports.stallionId, stallions),
        inArray(breedingReports.season, [foalYear - 1, foalYear]),
        or(...damMatch),
      ),
    );
  const fitting = rows.flatMap((row) => {
    const days = gestationFit(row.line.breedingDates, foal.foalDate);
    return days === null ? [] : [{ ...row, days }];
  });
  const refs = await horseRefs(db, [
    ...fitting.map((row) => row.stallionId),
    ...fitting.map((row) => row.line.mareHorseId),
  ]);
  const ref = (id: string) => ({
    horseId: id,
    name: refs.get(id)?.name ?? '',
    registrationNumber: refs.get(id)?.number ?? '',
  });
  return fitting
    .map((row) => ({
      breedingMareId: row.line.id,
      reportId: row.reportId,
      season: row.season,
      stallion: ref(row.stallionId),
      mare: row.line.mareHorseId ? ref(row.line.mareHorseId) : null,
      mareName: row.line.mareName,
      mareOwnerName: row.line.mareOwnerName,
      breedingDates: row.line.breedingDates,
      method: row.line.method,
      gestationDays: row.days,
    }))
    .sort((a, b) => Math.abs(a.gestationDays - 340) - Math.abs(b.gestationDays - 340));
}
