import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { REGISTER_RULE_MESSAGES, horseNameKey, type NameAvailability } from '@registry/domain';
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

const CHOICE_FIELDS = ['firstChoice', 'secondChoice', 'thirdChoice'] as const;

/**
 * The name choices of a registration that an approved horse already carries, as field errors
 * (`secondChoice: "Copper Rack is already registered; …"`), empty when all are free or the form
 * carries no choices (an edit). Checked at save, before anything is stored or charged
 * (docs/api.md "Horse names"); the approval checks again, since a name can be approved for
 * another horse in between.
 */
export async function nameChoiceProblems(
  db: Executor,
  parsed: unknown,
): Promise<Record<string, string>> {
  const values = parsed as Partial<Record<(typeof CHOICE_FIELDS)[number], unknown>>;
  const given = CHOICE_FIELDS.flatMap((field) => {
    const name = values[field];
    return typeof name === 'string' && horseNameKey(name) !== '' ? [{ field, name }] : [];
  });
  if (given.length === 0) return {};
  const answers = await nameAvailability(
    db,
    given.map((choice) => choice.name),
  );
  return Object.fromEntries(
    given
      .filter((_, index) => answers[index]?.taken === true)
      .map(({ field, name }) => [field, REGISTER_RULE_MESSAGES.nameChoiceTaken(name)]),
  );
}

/** True when a database error is the unique approved-name index refusing a second holder. */
export function isApprovedNameClash(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: unknown };
  if (e?.code === '23505' && (e.constraint ?? '').includes('approved_name')) return true;
  return e?.cause !== undefined && e.cause !== error ? isApprovedNameClash(e.cause) : false;
}
