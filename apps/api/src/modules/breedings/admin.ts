import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  BREEDING_MESSAGES,
  type AdminBreedingReport,
  type BreedingReportSummary,
  type HorseBreeding,
  type Page,
} from '@registry/domain';
import type { Db, Executor } from '../../db/client.js';
import { isUuid } from '../../db/ids.js';
import {
  auditLog,
  breedingReportMares,
  breedingReportVersions,
  breedingReports,
  horses,
  users,
} from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { changedSinceReviewed } from '../../reviewed-version.js';
import { recordAudit } from '../audit/index.js';
import { assertOffset, countLimit, pageCount } from '../../list-paging.js';
import { loadHorse, fullName, ownerSummaries } from '../horse-repository/index.js';
import { breedingReportSettings } from '../settings/index.js';
import { mailReportStep } from './mail.js';
import { diffVersions } from './versions.js';
import { horseRefs, reportView } from './view.js';

/*
 * The office's side (docs/api.md "Breeding reports"): the reports by season, stallion and
 * status, each with its versions; marking one reviewed names the version read (409 when the
 * stallion owner amended it since).
 */

export interface ListFilters {
  season?: number;
  stallion?: string;
  status?: 'filed' | 'reviewed';
  page: number;
  pageSize: number;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listReports(
  db: Db,
  filters: ListFilters,
): Promise<Page<BreedingReportSummary>> {
  const conditions: SQL[] = [];
  if (filters.season !== undefined) conditions.push(eq(breedingReports.season, filters.season));
  if (filters.status) conditions.push(eq(breedingReports.status, filters.status));
  if (filters.stallion) {
    const pattern = likePattern(filters.stallion);
    const match = or(
      ilike(horses.approvedName, pattern),
      ilike(horses.registrationNumber, pattern),
    );
    if (match) conditions.push(match);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  // Pages start at most 10,000 rows in and the total is counted only 1,000 rows past the page
  // ("1,000+", `totalIsEstimate`), as the horse lists (horse-repository/summaries.ts).
  const offset = assertOffset(filters.page, filters.pageSize);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        report: breedingReports,
        name: horses.approvedName,
        number: horses.registrationNumber,
        firstName: users.firstName,
        lastName: users.lastName,
        mares: db.$count(breedingReportMares, eq(breedingReportMares.reportId, breedingReports.id)),
      })
      .from(breedingReports)
      .innerJoin(horses, eq(horses.id, breedingReports.stallionId))
      .innerJoin(users, eq(users.id, horses.ownerId))
      .where(where)
      // breeding_reports_updated_idx, or the season / status index with the filter.
      .orderBy(desc(breedingReports.updatedAt), asc(breedingReports.id))
      .limit(filters.pageSize)
      .offset(offset),
    db.select({ total: count() }).from(
      db
        .select({ one: sql`1` })
        .from(breedingReports)
        .innerJoin(horses, eq(horses.id, breedingReports.stallionId))
        .where(where)
        .limit(countLimit(offset))
        .as('matching'),
    ),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.report.id,
      stallion: {
        horseId: row.report.stallionId,
        name: row.name ?? '',
        registrationNumber: row.number ?? '',
      },
      ownerName: fullName(row),
      season: row.report.season,
      version: row.report.version,
      status: row.report.status,
      mares: Number(row.mares),
      updatedAt: row.report.updatedAt.toISOString(),
    })),
    ...pageCount(counted?.total ?? 0, offset),
    page: filters.page,
    pageSize: filters.pageSize,
  };
}

async function loadReport(db: Executor, id: string, lock = false) {
  if (!isUuid(id)) throw new HttpError(404, BREEDING_MESSAGES.reportNotFound);
  const query = db.select().from(breedingReports).where(eq(breedingReports.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new HttpError(404, BREEDING_MESSAGES.reportNotFound);
  return row;
}

/** The report with its history: each version filed (by whom) and each review. */
export async function adminReport(db: Executor, id: string): Promise<AdminBreedingReport> {
  const row = await loadReport(db, id);
  const settings = await breedingReportSettings(db);
  const [view, versions, reviews] = await Promise.all([
    reportView(db, row, settings),
    db
      .select()
      .from(breedingReportVersions)
      .where(eq(breedingReportVersions.reportId, id))
      .orderBy(asc(breedingReportVersions.version)),
    db
      .select({ at: auditLog.at, actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'breeding-report.review'), eq(auditLog.subject, id))),
  ]);
  const people = await ownerSummaries(db, [
    ...versions.flatMap((v) => (v.actorId ? [v.actorId] : [])),
    ...reviews.flatMap((r) => (r.actorId ? [r.actorId] : [])),
  ]);
  const name = (actorId: string | null) => (actorId ? (people.get(actorId)?.name ?? '') : '');
  const history = [
    ...versions.map((v) => ({
      version: v.version,
      at: v.createdAt.toISOString(),
      actor: name(v.actorId),
      action: v.version === 1 ? 'filed' : 'amended',
      mares: v.mares.length,
    })),
    ...reviews.map((r) => {
      const version = Number(r.details?.version ?? 0);
      return {
        version,
        at: r.at.toISOString(),
        actor: name(r.actorId),
        action: 'reviewed',
        mares: versions.find((v) => v.version === version)?.mares.length ?? 0,
      };
    }),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return { ...view, history };
}

export async function reviewReport(
  db: Db,
  id: string,
  version: number,
  actor: { userId: string; ip: string; associationName: string },
): Promise<AdminBreedingReport> {
  await db.transaction(async (tx) => {
    const row = await loadReport(tx, id, true);
    if (version !== row.version) {
      throw changedSinceReviewed(
        BREEDING_MESSAGES.changedSinceReviewed,
        row.version,
        await diffVersions(tx, id, version, row.version),
      );
    }
    // Marking the same version reviewed twice (a second click) changes nothing.
    if (row.status === 'reviewed' && row.reviewedVersion === version) return;
    await tx
      .update(breedingReports)
      .set({
        status: 'reviewed',
        reviewedAt: new Date(),
        reviewedById: actor.userId,
        reviewedVersion: version,
      })
      .where(eq(breedingReports.id, id));
    await recordAudit(tx, {
      action: 'breeding-report.review',
      success: true,
      actorId: actor.userId,
      subject: id,
      ip: actor.ip,
      details: { version, stallionId: row.stallionId, season: row.season },
    });
    const [{ mares } = { mares: 0 }] = await tx
      .select({ mares: count() })
      .from(breedingReportMares)
      .where(eq(breedingReportMares.reportId, id));
    await mailReportStep(tx, actor.associationName, {
      stallionId: row.stallionId,
      season: row.season,
      version,
      mares,
      deadline: '',
      step: 'reviewed',
    });
  });
  return adminReport(db, id);
}

/** What the approval screen shows of a registration's breeding. */
export async function horseBreeding(db: Executor, horseId: string): Promise<HorseBreeding> {
  const row = await loadHorse(db, horseId, { notFound: ADMIN_MESSAGES.horseNotFound });
  if (!row.breedingMareId) return { linked: null, noBreedingReport: row.noBreedingReport };
  const [line] = await db
    .select({ line: breedingReportMares, report: breedingReports })
    .from(breedingReportMares)
    .innerJoin(breedingReports, eq(breedingReports.id, breedingReportMares.reportId))
    .where(eq(breedingReportMares.id, row.breedingMareId));
  if (!line) return { linked: null, noBreedingReport: row.noBreedingReport };
  const refs = await horseRefs(db, [line.report.stallionId, line.line.mareHorseId]);
  const ref = (id: string) => ({
    horseId: id,
    name: refs.get(id)?.name ?? '',
    registrationNumber: refs.get(id)?.number ?? '',
  });
  return {
    linked: {
      breedingMareId: line.line.id,
      reportId: line.report.id,
      season: line.report.season,
      stallion: ref(line.report.stallionId),
      mare: line.line.mareHorseId ? ref(line.line.mareHorseId) : null,
      mareName: line.line.mareName,
      mareOwnerName: line.line.mareOwnerName,
      breedingDates: line.line.breedingDates,
      method: line.line.method,
    },
    noBreedingReport: row.noBreedingReport,
  };
}
