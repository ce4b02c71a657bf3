import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { BreedingReport, BreedingReportSettings } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import {
  breedingReportMares,
  breedingReports,
  horses,
  type BreedingReportLineSnapshot,
} from '../../db/schema.js';
import { ownerSummaries } from '../horse-repository/index.js';
import { deadlineOf, isSeasonOpen } from './deadline.js';

export type BreedingReportRow = typeof breedingReports.$inferSelect;
export type BreedingMareRow = typeof breedingReportMares.$inferSelect;

/** A report's lines in their order. */
export function linesOf(db: Executor, reportId: string): Promise<BreedingMareRow[]> {
  return db
    .select()
    .from(breedingReportMares)
    .where(eq(breedingReportMares.reportId, reportId))
    .orderBy(asc(breedingReportMares.position));
}

export const snapshotLine = (line: BreedingMareRow): BreedingReportLineSnapshot => ({
  id: line.id,
  mareHorseId: line.mareHorseId,
  mareName: line.mareName,
  mareOwnerName: line.mareOwnerName,
  breedingDates: line.breedingDates,
  method: line.method,
});

/** Registration numbers and names of horses by id. */
export async function horseRefs(db: Executor, ids: Array<string | null>) {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map<string, { name: string; number: string }>();
  const rows = await db
    .select({
      id: horses.id,
      name: horses.approvedName,
      first: horses.firstChoice,
      number: horses.registrationNumber,
    })
    .from(horses)
    .where(inArray(horses.id, wanted));
  return new Map(
    rows.map((row) => [row.id, { name: row.name ?? row.first, number: row.number ?? '' }]),
  );
}

/** How many registered foals (any status) each line is linked to. */
async function foalCounts(db: Executor, lineIds: string[]) {
  if (lineIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ line: horses.breedingMareId, foals: count() })
    .from(horses)
    .where(and(isNotNull(horses.breedingMareId), inArray(horses.breedingMareId, lineIds)))
    .groupBy(horses.breedingMareId);
  return new Map(rows.map((row) => [row.line ?? '', row.foals]));
}

/** A report as the stallion owner and the office read it. */
export async function reportView(
  db: Executor,
  report: BreedingReportRow,
  settings: BreedingReportSettings,
): Promise<BreedingReport> {
  const lines = await linesOf(db, report.id);
  const [refs, foals, [stallion]] = await Promise.all([
    horseRefs(db, [report.stallionId, ...lines.map((line) => line.mareHorseId)]),
    foalCounts(
      db,
      lines.map((line) => line.id),
    ),
    db.select({ ownerId: horses.ownerId }).from(horses).where(eq(horses.id, report.stallionId)),
  ]);
  const people = await ownerSummaries(
    db,
    [stallion?.ownerId, report.reviewedById].filter((id): id is string => !!id),
  );
  const self = refs.get(report.stallionId);
  return {
    id: report.id,
    stallion: {
      horseId: report.stallionId,
      name: self?.name ?? '',
      registrationNumber: self?.number ?? '',
    },
    ownerName: (stallion && people.get(stallion.ownerId)?.name) ?? '',
    season: report.season,
    version: report.version,
    status: report.status,
    filedAt: report.filedAt.toISOString(),
    updatedAt: report.updatedAt.toISOString(),
    reviewedAt: report.reviewedAt?.toISOString() ?? null,
    reviewedBy: report.reviewedById ? (people.get(report.reviewedById)?.name ?? '') : null,
    reviewedVersion: report.reviewedVersion,
    deadline: deadlineOf(report.season, settings),
    open: isSeasonOpen(report.season, settings),
    mares: lines.map((line) => ({
      id: line.id,
      mareHorseId: line.mareHorseId,
      mareRegistrationNumber: line.mareHorseId ? (refs.get(line.mareHorseId)?.number ?? '') : '',
      mareName: line.mareName,
      mareOwnerName: line.mareOwnerName,
      breedingDates: line.breedingDates,
      method: line.method,
      foals: foals.get(line.id) ?? 0,
    })),
  };
}
