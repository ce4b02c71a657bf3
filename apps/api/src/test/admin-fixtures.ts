import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { horses, users, type HorseRow } from '../db/schema.js';
import { REGISTER, sendForm, validFiles, validValues } from './multipart.js';

/** Test fixtures of the admin suites: members and horses without going through every form. */

export async function userId(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

let registered = 0;

/**
 * Starts the names again for the next test file (src/test/between-files.ts): files share this
 * module when they run without isolation, and each file has a database of its own.
 */
export function resetFixtureNames(): void {
  registered = 0;
}

/**
 * Name choices no other fixture horse of the file gives: once one is approved its names are
 * taken, and a registration giving one of them is refused (docs/api.md "Horse names"). The first
 * horse keeps the form's own names ("Midnight Glide"...), the next get " 2", " 3"...
 */
function freshNames(): Record<string, string> {
  registered += 1;
  const base = validValues();
  const suffix = registered === 1 ? '' : ` ${registered}`;
  return Object.fromEntries(
    ['firstChoice', 'secondChoice', 'thirdChoice'].map((field) => [
      field,
      `${base[field]}${suffix}`,
    ]),
  );
}

/** Registers one horse through the member route (files and all) and returns its row. */
export async function registerThroughApi(
  app: FastifyInstance,
  db: Db,
  memberToken: string,
  values: Record<string, string> = {},
): Promise<HorseRow> {
  const response = await sendForm(
    app,
    memberToken,
    REGISTER,
    { ...validValues(), ...freshNames(), ...values },
    validFiles(),
  );
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const id = (response.json() as { data: { _id: string } }).data._id;
  const [row] = await db.select().from(horses).where(eq(horses.id, id));
  if (!row) throw new Error('registered horse not found');
  return row;
}

/** More horses like `template` (rows only, no files): quick to make many. */
export async function cloneHorses(
  db: Db,
  template: HorseRow,
  n: number,
  overrides: Partial<typeof horses.$inferInsert> = {},
): Promise<HorseRow[]> {
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = template;
  return db
    .insert(horses)
    .values(
      Array.from({ length: n }, (_, i) => ({
        ...rest,
        firstChoice: `${template.firstChoice} ${i + 1}`,
        ...overrides,
      })),
    )
    .returning();
}
