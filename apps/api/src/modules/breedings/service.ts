import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  BREEDING_MESSAGES,
  fileBreedingReportSchema,
  type BreedingReport,
  type FileBreedingReportInput,
  type StallionBreedingReports,
} from '@registry/domain';
import type { Db, Tx } from '../../db/client.js';
import {
  breedingReportMares,
  breedingReportVersions,
  breedingReports,
  horses,
  users,
} from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { changedSinceReviewed } from '../../reviewed-version.js';
import { recordAudit } from '../audit/index.js';
import { loadHorse, fullName } from '../horse-repository/index.js';
import { breedingReportSettings } from '../settings/index.js';
import { openSeasons, requireSeasonOpen } from './deadline.js';
import { checkLines, type CheckedLine } from './mare-lines.js';
import { mailReportStep } from './mail.js';
import { refreshFoalsOf } from './refresh.js';
import { diffVersions } from './versions.js';
import { linesOf, reportView, snapshotLine, type BreedingReportRow } from './view.js';

/*
 * The stallion owner's side of the breeding reports (docs/api.md "Breeding reports"): one
 * report per stallion and season, filed and amended until the deadline, every amendment a new
 * version kept for the office.
 */

type FileInput = ReturnType<typeof fileBreedingReportSchema.parse>;

/** The member's approved stallion, or 404 (another member's) / 400 (not an approved stallion). */
async function ownStallion(db: Db | Tx, ownerId: string, horseId: string, lock = false) {
  const row = await loadHorse(db, horseId, {
    ownerId,
    lock,
    notFound: BREEDING_MESSAGES.stallionNotFound,
  });
  if (row.approvalStatus !== 'approved' || row.sex !== 'Stallion') {
    throw new HttpError(400, BREEDING_MESSAGES.notStallion);
  }
  return row;
}

async function ownerNameOf(tx: Tx, userId: string): Promise<string> {
  const [user] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return user ? fullName(user) : '';
}

export async function stallionReports(
  db: Db,
  ownerId: string,
  horseId: string,
): Promise<StallionBreedingReports> {
  const stallion = await ownStallion(db, ownerId, horseId);
  const settings = await breedingReportSettings(db);
  const rows = await db
    .select()
    .from(breedingReports)
    .where(eq(breedingReports.stallionId, horseId))
    .orderBy(desc(breedingReports.season));
  return {
    stallion: {
      horseId,
      name: stallion.approvedName ?? stallion.firstChoice,
      registrationNumber: stallion.registrationNumber ?? '',
    },
    openSeasons: openSeasons(settings),
    reports: await Promise.all(rows.map((row) => reportView(db, row, settings))),
  };
}

const sameLine = (a: CheckedLine, b: typeof breedingReportMares.$inferSelect) =>
  a.mareHorseId === b.mareHorseId &&
  a.mareName === b.mareName &&
  a.mareOwnerName === b.mareOwnerName &&
  a.method === b.method &&
  a.breedingDates.join() === b.breedingDates.join();

/** Writes the lines of an amendment: kept lines updated in place, new ones added, others gone. */
async function writeLines(tx: Tx, report: BreedingReportRow, lines: CheckedLine[]) {
  const current = await linesOf(tx, report.id);
  const byId = new Map(current.map((line) => [line.id, line]));
  const fields: Record<string, string> = {};
  lines.forEach((line, i) => {
    if (line.id && !byId.has(line.id)) fields[`mares.${i}.id`] = BREEDING_MESSAGES.lineNotInReport;
  });
  if (Object.keys(fields).length > 0) {
    throw new HttpError(400, BREEDING_MESSAGES.lineNotInReport, fields);
  }
  const kept = new Set(lines.flatMap((line) => (line.id ? [line.id] : [])));
  const removed = current.filter((line) => !kept.has(line.id)).map((line) => line.id);
  if (removed.length > 0) {
    const [linked] = await tx
      .select({ id: horses.id })
      .from(horses)
      .where(inArray(horses.breedingMareId, removed))
      .limit(1);
    if (linked) throw new HttpError(409, BREEDING_MESSAGES.lineHasFoals);
  }
  const unchanged =
    removed.length === 0 &&
    lines.length === current.length &&
    lines.every((line, i) => {
      const before = line.id ? byId.get(line.id) : undefined;
      return before !== undefined && before.position === i && sameLine(line, before);
    });
  if (unchanged) return false;
  if (removed.length > 0) {
    await tx.delete(breedingReportMares).where(inArray(breedingReportMares.id, removed));
  }
  for (const [position, line] of lines.entries()) {
    const values = {
      position,
      mareHorseId: line.mareHorseId,
      mareName: line.mareName,
      mareOwnerName: line.mareOwnerName,
      breedingDates: line.breedingDates,
      method: line.method,
    };
    if (line.id) {
      await tx.update(breedingReportMares).set(values).where(eq(breedingReportMares.id, line.id));
    } else {
      await tx.insert(breedingReportMares).values({ ...values, reportId: report.id });
    }
  }
  return true;
}

async function keepVersion(tx: Tx, report: BreedingReportRow, actorId: string) {
  const lines = await linesOf(tx, report.id);
  await tx.insert(breedingReportVersions).values({
    reportId: report.id,
    version: report.version,
    mares: lines.map(snapshotLine),
    actorId,
  });
}

/**
 * Files the season's report, or amends it. An amendment names the version it was made on
 * (`version`, as read): 409 with what changed when the report moved on meanwhile (another tab,
 * a co-owner's browser), so nothing typed over someone else's lines unseen.
 */
export async function fileReport(
  db: Db,
  ownerId: string,
  horseId: string,
  season: number,
  input: FileInput,
  meta: { ip: string; associationName: string },
): Promise<{ report: BreedingReport; amended: boolean }> {
  return db.transaction(async (tx) => {
    // The stallion's row lock orders two filings for one stallion.
    const stallion = await ownStallion(tx, ownerId, horseId, true);
    const settings = await breedingReportSettings(tx);
    requireSeasonOpen(season, settings);
    const [existing] = await tx
      .select()
      .from(breedingReports)
      .where(and(eq(breedingReports.stallionId, horseId), eq(breedingReports.season, season)))
      .for('update');
    const lines = await checkLines(tx, season, input.mares, (id) => ownerNameOf(tx, id));
    if (!existing) {
      if (lines.some((line) => line.id)) {
        throw new HttpError(400, BREEDING_MESSAGES.lineNotInReport);
      }
      const [report] = await tx
        .insert(breedingReports)
        .values({ stallionId: horseId, season, filedById: ownerId })
        .returning();
      if (!report) throw new Error('insert returned no report');
      await writeLines(tx, report, lines);
      await keepVersion(tx, report, ownerId);
      await refreshFoalsOf(tx, stallion, ownerId);
      await recordAudit(tx, {
        action: 'breeding-report.file',
        success: true,
        actorId: ownerId,
        subject: report.id,
        ip: meta.ip,
        details: { stallionId: horseId, season, version: 1, mares: lines.length },
      });
      const view = await reportView(tx, report, settings);
      await mailReportStep(tx, meta.associationName, {
        stallionId: horseId,
        season,
        version: 1,
        mares: lines.length,
        deadline: view.deadline,
        step: 'filed',
      });
      return { report: view, amended: false };
    }
    if (input.version !== existing.version) {
      throw changedSinceReviewed(
        BREEDING_MESSAGES.changedSinceRead,
        existing.version,
        input.version ? await diffVersions(tx, existing.id, input.version, existing.version) : [],
      );
    }
    const changed = await writeLines(tx, existing, lines);
    if (!changed) return { report: await reportView(tx, existing, settings), amended: false };
    const [report] = await tx
      .update(breedingReports)
      .set({ version: existing.version + 1, status: 'filed', updatedAt: new Date() })
      .where(eq(breedingReports.id, existing.id))
      .returning();
    if (!report) throw new Error('report vanished during its amendment');
    await keepVersion(tx, report, ownerId);
    await refreshFoalsOf(tx, stallion, ownerId);
    await recordAudit(tx, {
      action: 'breeding-report.amend',
      success: true,
      actorId: ownerId,
      subject: report.id,
      ip: meta.ip,
      details: { stallionId: horseId, season, version: report.version, mares: lines.length },
    });
    const view = await reportView(tx, report, settings);
    await mailReportStep(tx, meta.associationName, {
      stallionId: horseId,
      season,
      version: report.version,
      mares: lines.length,
      deadline: view.deadline,
      step: 'amended',
    });
    return { report: view, amended: true };
  });
}

export type { FileBreedingReportInput };
