import { and, asc, count, desc, eq, getTableColumns, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  normalizeEmail,
  normalizeMemberNumber,
  type Member,
  type MemberInput,
  type MemberSortField,
} from '@registry/domain';
import type { Db, Executor } from '../../db/client.js';
import { horses, memberNameEmailText, users, type UserRow } from '../../db/schema.js';
import {
  assertOffset,
  containsPattern,
  countLimit,
  isShortSearch,
  pageCount,
} from '../../list-paging.js';
import { HttpError } from '../../http-error.js';
import { recordAudit } from '../audit/index.js';
import { parseMemberNumberFormat, type RegistrationNumberFormat } from '../../numbering.js';
import { nextMemberNumber } from './member-number.js';

export interface Actor {
  userId: string;
  ip: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Spelled out: Drizzle leaves a column unqualified in a one-table select, and inside this
// subquery a bare "id" would mean horses.id.
const horseCount = sql<number>`(select count(*)::int from horses h where h.owner_id = "users"."id")`;

export function toMember(row: UserRow, horses: number): Member {
  return {
    id: row.id,
    email: row.email,
    memberNumber: row.memberNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    name: [row.firstName, row.lastName].filter(Boolean).join(' '),
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    active: row.active,
    hasPassword: row.passwordHash !== null,
    horseCount: Number(horses),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface MemberListQuery {
  page: number;
  pageSize: number;
  q?: string;
  sort: MemberSortField;
  order: 'asc' | 'desc';
  active?: boolean;
}

/**
 * Names and cities sort as a reader expects, whatever the letters: ICU's root collation puts
 * "Ñúñez" by "Nunez" (the database's C collation put it after "Walker") and ignores case
 * before breaking ties. "und-x-icu" is there in PGlite and in PostgreSQL built with ICU
 * (docs/decisions/0083-names-sort-by-locale.md).
 */
const collated = (text: SQL) => sql`${text} collate "und-x-icu"`;

type SortColumns = Pick<
  typeof users,
  'lastName' | 'firstName' | 'email' | 'memberNumber' | 'city' | 'createdAt'
>;
/** The sort keys, of the table or of the page subquery (the outer select orders the page again). */
const SORTS: Record<MemberSortField, (t: SortColumns) => SQL[]> = {
  name: (t) => [
    collated(sql`coalesce(${t.lastName}, '')`),
    collated(sql`coalesce(${t.firstName}, '')`),
  ],
  email: (t) => [sql`${t.email}`],
  memberNumber: (t) => [sql`${t.memberNumber}`],
  city: (t) => [collated(sql`${t.city}`)],
  createdAt: (t) => [sql`${t.createdAt}`],
};

/**
 * Members (never administrators), searched over name, email, member number and city.
 *
 * At 100,000 members (issue 30): the search's name and email are one text, the expression of
 * `users_name_email_trgm_idx`, and number and city have trigram indexes of their own, so a
 * search is index lookups OR-ed together; the default order (name) is the first rows of
 * `users_member_name_idx`; the horse count is computed for the page's rows only (outer select);
 * the total is counted to 1,000 rows past the page (`totalIsEstimate`, "1,000+") and pages stop
 * at row 10,000, as the horse lists (docs/api.md "Lists and counts").
 */
export async function listMembers(db: Db, query: MemberListQuery) {
  const offset = assertOffset(query.page, query.pageSize);
  const p = query.q ? containsPattern(query.q) : undefined;
  // A member number typed in any spelling (`ｍ-0002`) is found in the stored one.
  const number = normalizeMemberNumber(query.q ?? '');
  const where = and(
    eq(users.role, 'member'),
    query.active === undefined ? undefined : eq(users.active, query.active),
    p
      ? or(
          sql`${memberNameEmailText(users)} like ${p}`,
          number
            ? sql`lower(coalesce(${users.memberNumber}, '')) like ${containsPattern(number)}`
            : undefined,
          sql`lower(coalesce(${users.city}, '')) like ${p}`,
        )
      : undefined,
  );
  // Keys that are never null sort `asc` / `desc` plain, so one index serves both directions
  // (read backwards); the nullable ones keep their nulls last either way.
  const nullable = query.sort === 'memberNumber' || query.sort === 'city';
  const dir =
    query.order === 'asc'
      ? sql`asc${nullable ? sql` nulls last` : sql``}`
      : sql`desc${nullable ? sql` nulls last` : sql``}`;
  const order = (t: SortColumns & { id: typeof users.id }) => [
    ...SORTS[query.sort](t).map((column) => sql`${column} ${dir}`),
    query.order === 'asc' ? asc(t.id) : desc(t.id),
  ];
  const searched = query.q !== undefined && query.q !== '' && !isShortSearch(query.q);
  const bound = countLimit(offset);
  const countOf = async (condition: SQL | undefined, limit: number) => {
    const [counted] = await db
      .select({
        n: sql<number>`(select count(*) from (select 1 from ${users} where ${condition} limit ${limit}) as counted)`.mapWith(
          Number,
        ),
      })
      .from(sql`(select 1) as one`);
    return counted?.n ?? 0;
  };
  // One page of the members matching `condition`, with each row's horse count. `sorted`: a
  // search of three characters or more takes its matches first (the trigram indexes, OR-ed) and
  // sorts those: `offset 0` keeps that subquery whole. Left to itself the planner walked the
  // name index filtering every member, expecting matches spread evenly along it, but a name
  // search's matches sort together ("walker": 66,662 members read before the first at 100,000,
  // 616 ms, against 80 ms for its 11,120 matches sorted).
  const pageOf = (condition: SQL | undefined, sorted: boolean, limit: number, skip: number) => {
    const matched = sorted
      ? db
          .select()
          .from(users)
          .where(condition)
          .offset(sql`0` as never)
          .as('matched')
      : undefined;
    const source = (matched ?? users) as unknown as typeof users;
    const page = (matched ? db.select().from(matched) : db.select().from(users).where(condition))
      .orderBy(...order(source))
      .limit(limit)
      .offset(skip)
      .as('page');
    return db
      .select({
        user: Object.fromEntries(
          Object.keys(getTableColumns(users)).map((key) => [
            key,
            (page as unknown as Record<string, SQL.Aliased>)[key],
          ]),
        ) as unknown as typeof users._.columns,
        // "page"."id" spelled out: Drizzle leaves a column unqualified in a one-table
        horses:
          // select, and inside this subquery a bare "id" would mean the horse's.
          sql<number>`(select count(*)::int from ${horses} h where h.owner_id = "page"."id")`,
      })
      .from(page)
      .orderBy(...order(page as unknown as typeof users));
  };
  const answer = (rows: { user: UserRow; horses: number }[], counted: number) => ({
    items: rows.map((r) => toMember(r.user, r.horses)),
    ...pageCount(counted, offset),
    page: query.page,
    pageSize: query.pageSize,
  });

  if (searched && query.sort === 'name') {
    // In name order, members whose whole last name is the search come first, read in order
    // from `users_member_last_name_idx` (a last name is in the searched text, so they match),
    // then every other match, each part by name (docs/decisions/0122-members-search-at-scale.md).
    // A common last name ("walker": 11,120 of 100,000 members) is the first part's index range
    // and fills the page and the count; the rest is counted only when the first part is
    // shorter than the bound, and its page read only when the first part's is short.
    const lastName = sql`lower(coalesce(${users.lastName}, '')) = lower(${query.q})`;
    const first = and(
      eq(users.role, 'member'),
      query.active === undefined ? undefined : eq(users.active, query.active),
      lastName,
    );
    const firstCount = await countOf(first, bound);
    const restCount =
      firstCount < bound
        ? await countOf(and(where, sql`not (${lastName})`), bound - firstCount)
        : 0;
    const rows = offset < firstCount ? await pageOf(first, false, query.pageSize, offset) : [];
    if (rows.length < query.pageSize && restCount > 0) {
      rows.push(
        ...(await pageOf(
          and(where, sql`not (${lastName})`),
          true,
          query.pageSize - rows.length,
          Math.max(0, offset - firstCount),
        )),
      );
    }
    return answer(rows, firstCount + restCount);
  }

  const [rows, counted] = await Promise.all([
    pageOf(where, searched, query.pageSize, offset),
    countOf(where, bound),
  ]);
  return answer(rows, counted);
}

export async function loadMember(db: Executor, id: string): Promise<UserRow> {
  if (!UUID.test(id)) throw new HttpError(404, ADMIN_MESSAGES.memberNotFound);
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'member')));
  if (!row) throw new HttpError(404, ADMIN_MESSAGES.memberNotFound);
  return row;
}

export async function getMember(db: Db, id: string): Promise<Member> {
  const [row] = await db
    .select({ user: users, horses: horseCount })
    .from(users)
    .where(and(eq(users.id, (await loadMember(db, id)).id)));
  if (!row) throw new HttpError(404, ADMIN_MESSAGES.memberNotFound);
  return toMember(row.user, row.horses);
}

/** 409 with a field when the email or member number belongs to someone else. */
export async function assertUnique(
  db: Executor,
  input: { email: string; memberNumber: string | null },
  exceptId?: string,
): Promise<void> {
  const others = (column: SQL) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(column, exceptId ? ne(users.id, exceptId) : undefined))
      .limit(1);
  if ((await others(sql`${users.email} = ${input.email}`)).length > 0) {
    throw new HttpError(409, ADMIN_MESSAGES.emailTaken, { email: ADMIN_MESSAGES.emailTaken });
  }
  if (
    input.memberNumber &&
    (await others(sql`${users.memberNumber} = ${input.memberNumber}`)).length > 0
  ) {
    throw new HttpError(409, ADMIN_MESSAGES.memberNumberTaken, {
      memberNumber: ADMIN_MESSAGES.memberNumberTaken,
    });
  }
}

/** Two admins saving the same email at once: the unique index decides, answered as the pre-check. */
export function uniqueViolation(error: unknown): HttpError | undefined {
  const e = error as {
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint ?? '';
  if (code !== '23505') return undefined;
  return constraint.includes('member_number')
    ? new HttpError(409, ADMIN_MESSAGES.memberNumberTaken, {
        memberNumber: ADMIN_MESSAGES.memberNumberTaken,
      })
    : new HttpError(409, ADMIN_MESSAGES.emailTaken, { email: ADMIN_MESSAGES.emailTaken });
}

export function memberValues(input: MemberInput) {
  return {
    email: normalizeEmail(input.email),
    memberNumber: input.memberNumber,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    address: input.address,
    city: input.city,
    state: input.state,
    zip: input.zip,
  };
}

/**
 * A new member without a password: they choose one from a Send credentials link. Without a
 * member number the next one of MEMBER_NUMBER_FORMAT is given.
 */
export async function createMember(
  db: Db,
  input: MemberInput,
  actor: Actor,
  memberNumbers: RegistrationNumberFormat = parseMemberNumberFormat(undefined),
): Promise<Member> {
  const values = memberValues(input);
  await assertUnique(db, values);
  try {
    const row = await db.transaction(async (tx) => {
      const memberNumber = values.memberNumber || (await nextMemberNumber(tx, memberNumbers));
      const [created] = await tx
        .insert(users)
        .values({ ...values, memberNumber, role: 'member', passwordHash: null })
        .returning();
      if (!created) throw new Error('insert returned no row');
      await recordAudit(tx, {
        action: 'member.create',
        success: true,
        actorId: actor.userId,
        subject: created.id,
        ip: actor.ip,
        details: { email: values.email, memberNumber: created.memberNumber },
      });
      return created;
    });
    return toMember(row, 0);
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

export async function updateMember(
  db: Db,
  id: string,
  input: MemberInput,
  actor: Actor,
): Promise<Member> {
  const current = await loadMember(db, id);
  // A member keeps a number once given: an emptied field leaves it as it was.
  const values = { ...memberValues(input) };
  values.memberNumber ||= current.memberNumber;
  await assertUnique(db, values, id);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(users.id, id));
      const changed = Object.entries(values)
        .filter(([key, value]) => current[key as keyof UserRow] !== value)
        .map(([key]) => key);
      await recordAudit(tx, {
        action: 'member.edit',
        success: true,
        actorId: actor.userId,
        subject: id,
        ip: actor.ip,
        details: { changed },
      });
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
  return getMember(db, id);
}

/** Refused while the member owns horses: they must be transferred (or deleted) first. */
export async function deleteMember(db: Db, id: string, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await loadMember(tx, id);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    const [owned] = await tx.select({ n: count() }).from(horses).where(eq(horses.ownerId, id));
    const n = owned?.n ?? 0;
    if (n > 0) throw new HttpError(409, ADMIN_MESSAGES.memberOwnsHorses(n));
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, {
      action: 'member.delete',
      success: true,
      actorId: actor.userId,
      subject: id,
      ip: actor.ip,
      details: { email: row.email, memberNumber: row.memberNumber },
    });
  });
}
