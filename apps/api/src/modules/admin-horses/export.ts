import { stringify } from 'csv-stringify/sync';
import { horseDisplayName } from '@registry/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { horses, users } from '../../db/schema.js';
import { CSV_BOM, safeCell } from '../members/index.js';
import { adminHorseFilter, adminHorseOrder, type AdminHorseQuery } from './queries.js';

export const HORSE_CSV_COLUMNS = [
  'registrationNumber',
  'name',
  'approvalStatus',
  'paymentStatus',
  'verified',
  'sex',
  'color',
  'gaitDesignation',
  'foalDate',
  'stateFoaledIn',
  'sireName',
  'damName',
  'ownerName',
  'ownerEmail',
  'ownerMemberNumber',
  'createdAt',
] as const;

/**
 * The horse register as CSV, with the Horse List's filters, search and order but no paging.
 * UTF-8 with a byte-order mark, so a spreadsheet shows accented names as written; cells that a
 * spreadsheet would run as formulas are defused as in the members export.
 */
export async function exportHorsesCsv(
  db: Db,
  query: Omit<AdminHorseQuery, 'page' | 'pageSize'>,
): Promise<string> {
  const rows = await db
    .select()
    .from(horses)
    .where(adminHorseFilter(query))
    .orderBy(...adminHorseOrder(query));
  const ownerIds = [...new Set(rows.map((row) => row.ownerId))];
  const owners =
    ownerIds.length === 0
      ? []
      : await db
          .select({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            email: users.email,
            memberNumber: users.memberNumber,
          })
          .from(users)
          .where(inArray(users.id, ownerIds));
  const ownerOf = new Map(owners.map((owner) => [owner.id, owner]));
  const records = rows.map((row) => {
    const owner = ownerOf.get(row.ownerId);
    return [
      row.registrationNumber ?? '',
      horseDisplayName(row),
      row.approvalStatus,
      row.paymentStatus,
      String(row.verified),
      row.sex ?? '',
      row.color ?? '',
      row.gaitDesignation ?? '',
      row.foalDate ?? '',
      row.stateFoaledIn ?? '',
      row.sireName ?? '',
      row.damName ?? '',
      [owner?.firstName, owner?.lastName].filter(Boolean).join(' '),
      owner?.email ?? '',
      owner?.memberNumber ?? '',
      row.createdAt.toISOString(),
    ].map((value) => safeCell(String(value)));
  });
  return CSV_BOM + stringify([[...HORSE_CSV_COLUMNS], ...records]);
}
