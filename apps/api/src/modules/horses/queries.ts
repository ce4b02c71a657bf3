import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { horseFiles, horses, type ApprovalStatus, type HorseFileRow } from '../../db/schema.js';
import type { UrlSigner } from '../files/signed-urls.js';
import { pendingChanges } from '../change-requests/pending.js';
import { latestPaymentIntentIds } from '../payments/latest.js';
import { toHorse, toPublicHorse } from './records.js';

export interface Paging {
  page: number;
  pageSize: number;
}

/** `%q%` for LIKE, with the user's own % and _ taken literally. */
function containsPattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** lower(column) LIKE '%q%' on each column: the form the trigram indexes serve. */
function matchesAny(q: string, columns: AnyPgColumn[]): SQL | undefined {
  const pattern = containsPattern(q);
  return or(...columns.map((column) => sql`lower(${column}) like ${pattern}`));
}

async function filesByHorse(db: Db, horseIds: string[], kinds?: HorseFileRow['kind'][]) {
  const byHorse = new Map<string, HorseFileRow[]>();
  if (horseIds.length === 0) return byHorse;
  const conditions = [inArray(horseFiles.horseId, horseIds)];
  if (kinds) conditions.push(inArray(horseFiles.kind, kinds));
  const rows = await db
    .select()
    .from(horseFiles)
    .where(and(...conditions));
  for (const row of rows) byHorse.set(row.horseId, [...(byHorse.get(row.horseId) ?? []), row]);
  return byHorse;
}

async function page(db: Db, where: SQL | undefined, order: SQL[], paging: Paging) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(horses)
      .where(where)
      .orderBy(...order)
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize),
    db.select({ n: count() }).from(horses).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export interface OwnListQuery extends Paging {
  approvalStatus?: ApprovalStatus;
  q?: string;
}

/** A member's own horses, newest first. `q` looks at every name the horse has or may get. */
export async function listOwnHorses(
  db: Db,
  signer: UrlSigner,
  ownerId: string,
  query: OwnListQuery,
) {
  const where = and(
    eq(horses.ownerId, ownerId),
    query.approvalStatus ? eq(horses.approvalStatus, query.approvalStatus) : undefined,
    query.q
      ? matchesAny(query.q, [
          horses.approvedName,
          horses.firstChoice,
          horses.secondChoice,
          horses.thirdChoice,
          horses.registrationNumber,
          horses.sireName,
          horses.damName,
        ])
      : undefined,
  );
  const { rows, total } = await page(db, where, [desc(horses.createdAt), desc(horses.id)], query);
  const ids = rows.map((r) => r.id);
  // Independent lookups: on PostgreSQL they travel side by side on two pooled connections.
  const [files, intents, changes] = await Promise.all([
    filesByHorse(db, ids),
    latestPaymentIntentIds(db, ids),
    pendingChanges(db, ids),
  ]);
  const items = rows.map((row) =>
    toHorse(
      row,
      files.get(row.id) ?? [],
      signer,
      intents.get(row.id) ?? null,
      changes.get(row.id) ?? null,
    ),
  );
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export interface SearchQuery extends Paging {
  q?: string;
  color?: string;
  sex?: string;
  gaitDesignation?: string;
  stateFoaledIn?: string;
}

/** Approved horses of the whole registry, by name, number, sire or dam, and a few filters. */
export async function searchRegistry(db: Db, signer: UrlSigner, query: SearchQuery) {
  const where = and(
    eq(horses.approvalStatus, 'approved'),
    query.q
      ? matchesAny(query.q, [
          horses.approvedName,
          horses.registrationNumber,
          horses.sireName,
          horses.damName,
        ])
      : undefined,
    query.color ? eq(horses.color, query.color) : undefined,
    query.sex ? eq(horses.sex, query.sex) : undefined,
    query.gaitDesignation ? eq(horses.gaitDesignation, query.gaitDesignation) : undefined,
    query.stateFoaledIn ? eq(horses.stateFoaledIn, query.stateFoaledIn) : undefined,
  );
  const { rows, total } = await page(
    db,
    where,
    [sql`${horses.approvedName} asc nulls last`, asc(horses.registrationNumber), asc(horses.id)],
    query,
  );
  const files = await filesByHorse(
    db,
    rows.map((r) => r.id),
    ['markingDocument'],
  );
  const items = rows.map((row) => toPublicHorse(row, files.get(row.id) ?? [], signer));
  return { items, total, page: query.page, pageSize: query.pageSize };
}
