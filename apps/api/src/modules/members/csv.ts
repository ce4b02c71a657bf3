import { inArray, or, asc } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  ADMIN_MESSAGES,
  MEMBER_CSV_COLUMNS,
  MEMBER_CSV_EXPORT_ONLY,
  MEMBER_CSV_MAX_ROWS,
  MEMBER_CSV_REQUIRED,
  memberInputSchema,
  type MemberInput,
} from '@registry/domain';
import type { Db } from '../../db/client.js';
import { CSV_BOM, formulaLike, safeCell } from '../../csv-cells.js';
import { auditLog, users } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { memberValues, uniqueViolation, type Actor } from './admin-service.js';
import { parseMemberNumberFormat, type RegistrationNumberFormat } from '../../numbering.js';
import { nextMemberNumber } from './member-number.js';

type Column = (typeof MEMBER_CSV_COLUMNS)[number];

// The formula defusing is shared with the other exports (csv-cells.ts).
export { safeCell };

function unsafeCell(value: string): string {
  return value.startsWith("'") && formulaLike(value.slice(1)) ? value.slice(1) : value;
}

/** Every member, in member-number then email order. */
export async function exportMembersCsv(db: Db): Promise<string> {
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.role, ['member']))
    .orderBy(asc(users.memberNumber), asc(users.email));
  const header = [...MEMBER_CSV_COLUMNS, ...MEMBER_CSV_EXPORT_ONLY];
  const records = rows.map((row) =>
    [
      ...MEMBER_CSV_COLUMNS.map((column) => row[column] ?? ''),
      String(row.active),
      row.createdAt.toISOString(),
    ].map(safeCell),
  );
  return CSV_BOM + stringify([header, ...records]);
}

export interface ImportRow {
  /** The spreadsheet row number (the header is row 1). */
  row: number;
  values: Partial<Record<Column, string>>;
  errors: Record<string, string>;
}

export interface ImportReport {
  mode: 'preview' | 'commit';
  totalRows: number;
  errorRows: number;
  imported: number;
  /** The new members' ids, in file order (commit only): for sending them credentials. */
  importedIds: string[];
  rows: ImportRow[];
}

function readRecords(bytes: Buffer): string[][] {
  try {
    return parse(bytes, { bom: true, skip_empty_lines: true, trim: true, relax_quotes: false });
  } catch {
    throw new HttpError(400, ADMIN_MESSAGES.csvUnreadable);
  }
}

function headerColumns(header: string[]): Array<Column | null> {
  const known = new Map<string, Column | null>();
  for (const c of MEMBER_CSV_COLUMNS) known.set(c.toLowerCase(), c);
  for (const c of MEMBER_CSV_EXPORT_ONLY) known.set(c.toLowerCase(), null);
  const columns = header.map((name) => {
    const column = known.get(name.trim().toLowerCase());
    if (column === undefined) {
      throw new HttpError(400, ADMIN_MESSAGES.csvUnknownColumn(name), {
        file: ADMIN_MESSAGES.csvUnknownColumn(name),
      });
    }
    return column;
  });
  for (const required of MEMBER_CSV_REQUIRED) {
    if (!columns.includes(required)) {
      throw new HttpError(400, ADMIN_MESSAGES.csvMissingColumn(required), {
        file: ADMIN_MESSAGES.csvMissingColumn(required),
      });
    }
  }
  return columns;
}

/** Checks every row: the member rules, duplicates within the file and against the database. */
async function checkRows(db: Db, records: string[][], columns: Array<Column | null>) {
  const rows: Array<ImportRow & { input?: MemberInput }> = [];
  const seen = { email: new Map<string, number>(), memberNumber: new Map<string, number>() };
  for (const [index, record] of records.entries()) {
    const row: ImportRow & { input?: MemberInput } = { row: index + 2, values: {}, errors: {} };
    columns.forEach((column, i) => {
      const cell = unsafeCell(record[i] ?? '');
      if (column && cell !== '') row.values[column] = cell;
    });
    const parsed = memberInputSchema.safeParse(row.values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        row.errors[field] ??= issue.message;
      }
    } else {
      row.input = parsed.data;
      const values = memberValues(parsed.data);
      for (const field of ['email', 'memberNumber'] as const) {
        const value = values[field];
        if (!value) continue;
        const earlier = seen[field].get(value);
        if (earlier !== undefined)
          row.errors[field] = ADMIN_MESSAGES.csvDuplicateInFile(field, earlier);
        else seen[field].set(value, row.row);
      }
    }
    rows.push(row);
  }
  const emails = [...seen.email.keys()];
  const numbers = [...seen.memberNumber.keys()];
  if (emails.length + numbers.length > 0) {
    const taken = await db
      .select({ email: users.email, memberNumber: users.memberNumber })
      .from(users)
      .where(
        or(
          emails.length ? inArray(users.email, emails) : undefined,
          numbers.length ? inArray(users.memberNumber, numbers) : undefined,
        ),
      );
    const takenEmails = new Set(taken.map((t) => t.email));
    const takenNumbers = new Set(taken.map((t) => t.memberNumber));
    for (const row of rows) {
      if (!row.input) continue;
      const values = memberValues(row.input);
      if (takenEmails.has(values.email))
        row.errors.email ??= ADMIN_MESSAGES.csvDuplicateInDb('email');
      if (values.memberNumber && takenNumbers.has(values.memberNumber)) {
        row.errors.memberNumber ??= ADMIN_MESSAGES.csvDuplicateInDb('member number');
      }
    }
  }
  return rows;
}

/**
 * Imports members from a CSV file: `preview` reports every row with its problems; `commit`
 * writes all rows in one transaction, and only when no row has a problem.
 */
export async function importMembers(
  db: Db,
  bytes: Buffer,
  mode: 'preview' | 'commit',
  actor: Actor,
  memberNumbers: RegistrationNumberFormat = parseMemberNumberFormat(undefined),
): Promise<ImportReport> {
  const [header, ...records] = readRecords(bytes);
  if (!header) throw new HttpError(400, ADMIN_MESSAGES.csvEmpty);
  const columns = headerColumns(header);
  if (records.length === 0) throw new HttpError(400, ADMIN_MESSAGES.csvEmpty);
  if (records.length > MEMBER_CSV_MAX_ROWS) {
    throw new HttpError(400, ADMIN_MESSAGES.csvTooManyRows(MEMBER_CSV_MAX_ROWS));
  }
  const rows = await checkRows(db, records, columns);
  const bad = rows.filter((row) => Object.keys(row.errors).length > 0);
  const report = (importedIds: string[]): ImportReport => ({
    mode,
    totalRows: rows.length,
    errorRows: bad.length,
    imported: importedIds.length,
    importedIds,
    rows: rows.map(({ row, values, errors }) => ({ row, values, errors })),
  });
  if (mode === 'preview') return report([]);
  if (bad.length > 0) {
    const fields: Record<string, string> = {};
    for (const row of bad) {
      for (const [field, message] of Object.entries(row.errors))
        fields[`${row.row}.${field}`] = message;
    }
    throw new HttpError(400, ADMIN_MESSAGES.csvHasErrors, fields);
  }
  let importedIds: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const values = rows.map((row) => memberValues(row.input as MemberInput));
      // Rows without a member number get the next ones, in file order, skipping the file's own.
      const typed = new Set(values.flatMap((v) => (v.memberNumber ? [v.memberNumber] : [])));
      for (const value of values) {
        value.memberNumber ||= await nextMemberNumber(tx, memberNumbers, typed);
      }
      const inserted = await tx
        .insert(users)
        .values(values.map((value) => ({ ...value, role: 'member' as const, passwordHash: null })))
        .returning({ id: users.id });
      importedIds = inserted.map((member) => member.id);
      // One entry per member, so each member's own audit list shows where they came from.
      await tx.insert(auditLog).values(
        inserted.map((member) => ({
          action: 'member.import',
          success: true,
          actorId: actor.userId,
          subject: member.id,
          ip: actor.ip,
          details: { count: inserted.length },
        })),
      );
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
  return report(importedIds);
}
