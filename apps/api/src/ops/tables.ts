import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';

/**
 * Table-level copying for backups. Rows travel as JSON (`row_to_json` out,
 * `json_populate_recordset` in), which round-trips every column type we use (uuid, jsonb,
 * timestamptz, inet, bigint) on PGlite and PostgreSQL alike, without listing columns here.
 */

const BATCH_ROWS = 500;

type Rows<T> = { rows: T[] };

async function query<T>(executor: Executor, statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await executor.execute(statement)) as unknown as Rows<T>;
  return result.rows;
}

const quoted = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/**
 * The application's tables, parents before children (foreign keys), so restoring in this order
 * never points at a row that is not there yet. Deferrable keys are left out of the order: they
 * are the links within a table or round a loop of tables (migration 0026), which no table order
 * can satisfy; the restore defers them to its commit.
 */
export async function tablesInDependencyOrder(executor: Executor): Promise<string[]> {
  const tables = (
    await query<{ name: string }>(
      executor,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((row) => row.name);
  const edges = await query<{ child: string; parent: string }>(
    executor,
    sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
        from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where c.contype = 'f' and n.nspname = 'public' and not c.condeferrable`,
  );
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of edges) {
    const strip = (name: string) => name.replace(/^public\./, '').replaceAll('"', '');
    if (strip(child) !== strip(parent)) parents.get(strip(child))?.add(strip(parent));
  }
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table)) return;
    if (path.has(table)) throw new Error(`Foreign keys form a cycle through ${table}`);
    path.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent, path);
    path.delete(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** Streams a table's rows as JSON text, a batch at a time, to `write`. Returns the row count. */
export async function exportTable(
  executor: Executor,
  table: string,
  write: (jsonLine: string) => Promise<void>,
): Promise<number> {
  let count = 0;
  for (let offset = 0; ; offset += BATCH_ROWS) {
    // ctid order is stable inside the backup's snapshot, so offsets never skip or repeat rows.
    const rows = await query<{ row: string }>(
      executor,
      sql`select row_to_json(t)::text as row from ${quoted(table)} t
          order by t.ctid limit ${BATCH_ROWS} offset ${offset}`,
    );
    for (const { row } of rows) await write(row);
    count += rows.length;
    if (rows.length < BATCH_ROWS) return count;
  }
}

export async function countRows(executor: Executor, table: string): Promise<number> {
  const [row] = await query<{ n: string | number }>(
    executor,
    sql`select count(*) as n from ${quoted(table)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Inserts JSON rows (as written by exportTable) into a table. Only the columns the backup has
 * are named, so a column added by a later migration takes its default.
 */
export async function importRows(
  executor: Executor,
  table: string,
  jsonRows: string[],
): Promise<void> {
  if (jsonRows.length === 0) return;
  const columns = Object.keys(JSON.parse(jsonRows[0] as string) as object);
  const list = sql.join(columns.map(quoted), sql`, `);
  for (let start = 0; start < jsonRows.length; start += BATCH_ROWS) {
    const batch = `[${jsonRows.slice(start, start + BATCH_ROWS).join(',')}]`;
    await executor.execute(
      sql`insert into ${quoted(table)} (${list})
          select ${list} from json_populate_recordset(null::${quoted(table)}, ${batch}::json)`,
    );
  }
}

/** After rows arrive with their ids, serial columns must continue after the highest one. */
export async function resetSequences(executor: Executor, table: string): Promise<void> {
  const columns = await query<{ column: string; sequence: string }>(
    executor,
    sql`select a.attname as column, pg_get_serial_sequence(${`public.${table}`}, a.attname) as sequence
        from pg_attribute a
        where a.attrelid = ${`public.${table}`}::regclass and a.attnum > 0 and not a.attisdropped
          and pg_get_serial_sequence(${`public.${table}`}, a.attname) is not null`,
  );
  for (const { column, sequence } of columns) {
    await executor.execute(
      sql`select setval(${sequence}::regclass,
            coalesce((select max(${quoted(column)}) from ${quoted(table)}), 0) + 1, false)`,
    );
  }
}
