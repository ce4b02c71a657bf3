import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Offspring, OffspringPage, ParentSide } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { isUuid } from '../../db/ids.js';
import { horses } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';

/*
 * A horse's registered offspring, newest foal first, a page at a time
 * (docs/decisions/0104-offspring-and-pedigrees.md). Each side (foals it sired, foals it
 * dammed) is the first rows of its own index range (horses_sire_offspring_idx,
 * horses_dam_offspring_idx: approved, by parent, foal date and id) after the cursor, so a page
 * costs the same for a sire of ten foals and one of ten thousand.
 */

export const OFFSPRING_CURSOR_MESSAGE = 'The offspring cursor is not valid';

interface Cursor {
  foalDate: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.foalDate}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(value: string): Cursor {
  const [foalDate = '', rawId = ''] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const id = rawId.toLowerCase();
  // A real calendar day only: '2026-02-30' would fail the ::date cast (a 500, not a 400).
  const day = /^\d{4}-\d{2}-\d{2}$/.test(foalDate) ? new Date(`${foalDate}T00:00:00Z`) : null;
  if (
    !day ||
    Number.isNaN(day.getTime()) ||
    day.toISOString().slice(0, 10) !== foalDate ||
    !isUuid(id)
  ) {
    throw new HttpError(400, OFFSPRING_CURSOR_MESSAGE, { after: OFFSPRING_CURSOR_MESSAGE });
  }
  return { foalDate, id };
}

/**
 * Rows after the cursor in the order newest foal first, then id: a row comparison, which the
 * index range continues from directly.
 */
const after = (cursor: Cursor | undefined): SQL | undefined =>
  cursor
    ? sql`(${horses.foalDate}, ${horses.id}) < (${cursor.foalDate}::date, ${cursor.id}::uuid)`
    : undefined;

/** The same order in JavaScript: uuids compare as their lower-case hex text. */
const newestFirst = (a: { foalDate: string; id: string }, b: { foalDate: string; id: string }) =>
  a.foalDate !== b.foalDate
    ? a.foalDate < b.foalDate
      ? 1
      : -1
    : a.id < b.id
      ? 1
      : a.id > b.id
        ? -1
        : 0;

async function side(
  db: Executor,
  parentId: string,
  as: ParentSide,
  cursor: Cursor | undefined,
  limit: number,
) {
  const column = as === 'sire' ? horses.sireHorseId : horses.damHorseId;
  return db
    .select({
      id: horses.id,
      registrationNumber: horses.registrationNumber,
      name: horses.approvedName,
      sex: horses.sex,
      foalDate: horses.foalDate,
      otherId: as === 'sire' ? horses.damHorseId : horses.sireHorseId,
      otherName: as === 'sire' ? horses.damName : horses.sireName,
    })
    .from(horses)
    .where(and(eq(column, parentId), eq(horses.approvalStatus, 'approved'), after(cursor)))
    .orderBy(desc(horses.foalDate), desc(horses.id))
    .limit(limit)
    .then((rows) =>
      rows.map((row) => ({ ...row, otherSide: (as === 'sire' ? 'dam' : 'sire') as ParentSide })),
    );
}

/** One page of the approved offspring of `parentId` after `afterCursor`. */
export async function offspringPage(
  db: Executor,
  parentId: string,
  afterCursor: string | undefined,
  limit: number,
): Promise<OffspringPage> {
  const cursor = afterCursor ? decodeCursor(afterCursor) : undefined;
  // One row more than the page tells whether there is a next page.
  const [sired, dammed] = await Promise.all([
    side(db, parentId, 'sire', cursor, limit + 1),
    side(db, parentId, 'dam', cursor, limit + 1),
  ]);
  const seen = new Set<string>();
  const merged = [...sired, ...dammed]
    .sort(newestFirst)
    .filter((row) => !seen.has(row.id) && seen.add(row.id));
  const page = merged.slice(0, limit);
  // The other parents that are registered, for this page's rows only.
  const otherIds = [...new Set(page.flatMap((row) => (row.otherId ? [row.otherId] : [])))];
  const others =
    otherIds.length === 0
      ? []
      : await db
          .select({
            id: horses.id,
            name: horses.approvedName,
            registrationNumber: horses.registrationNumber,
          })
          .from(horses)
          .where(and(inArray(horses.id, otherIds), eq(horses.approvalStatus, 'approved')));
  const other = new Map(others.map((row) => [row.id, row]));
  const items = page.map((row): Offspring => {
    const linked = row.otherId ? other.get(row.otherId) : undefined;
    return {
      horseId: row.id,
      registrationNumber: row.registrationNumber ?? '',
      name: row.name ?? '',
      sex: row.sex,
      foalDate: row.foalDate,
      otherParent: {
        side: row.otherSide,
        name: linked?.name ?? row.otherName,
        registrationNumber: linked?.registrationNumber ?? null,
      },
    };
  });
  const last = page[page.length - 1];
  return {
    items,
    nextCursor:
      merged.length > limit && last ? encodeCursor({ foalDate: last.foalDate, id: last.id }) : null,
  };
}

/** The id of the approved horse with this (normalized) number, or null. */
export async function approvedHorseId(db: Executor, number: string): Promise<string | null> {
  const [row] = await db
    .select({ id: horses.id })
    .from(horses)
    .where(and(eq(horses.registrationNumber, number), eq(horses.approvalStatus, 'approved')));
  return row?.id ?? null;
}
