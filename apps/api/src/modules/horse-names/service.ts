import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { horseNameKey, type NameAvailability } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { horses } from '../../db/schema.js';

/**
 * The SQL twin of the domain's horseNameKey: the expression the unique index of migration 0007
 * is built on, so a lookup and the index always agree on what "the same name" is.
 */
export const approvedNameKey = sql`lower(regexp_replace(${horses.approvedName}, '[[:space:]]', '', 'g'))`;

/**
 * Which of these names an approved horse already carries (ignoring case and whitespace).
 * `exceptHorseId` leaves one horse out: a horse never blocks its own name.
 */
export async function nameAvailability(
  db: Executor,
  names: readonly string[],
  exceptHorseId?: string,
): Promise<NameAvailability[]> {
  const keys = [...new Set(names.map(horseNameKey).filter((key) => key !== ''))];
  const taken = new Set<string>();
  if (keys.length > 0) {
    const rows = await db
      .select({ key: sql<string>`${approvedNameKey}` })
      .from(horses)
      .where(
        and(
          eq(horses.approvalStatus, 'approved'),
          inArray(approvedNameKey, keys),
          exceptHorseId ? ne(horses.id, exceptHorseId) : undefined,
        ),
      );
    for (const row of rows) taken.add(row.key);
  }
  return names.map((name) => ({ name, taken: taken.has(horseNameKey(name)) }));
}

/** True when a database error is the unique approved-name index refusing a second holder. */
export function isApprovedNameClash(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: unknown };
  if (e?.code === '23505' && (e.constraint ?? '').includes('approved_name')) return true;
  return e?.cause !== undefined && e.cause !== error ? isApprovedNameClash(e.cause) : false;
}
