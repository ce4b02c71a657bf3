import pg from 'pg';
import { BENCH_ADMIN, BENCH_MEMBER, startServer, type RunningServer } from './server.js';

/**
 * The register at 1,000, 100,000 and 1,000,000 horses on PostgreSQL (docs/benchmarks.md
 * "A register of any size"): each size is seeded once, by SQL inside PostgreSQL (not through
 * the API), into a database of its own, and reused by later runs. The reads are then timed one
 * request at a time against the built server with its read cache off.
 */

const SERVER_URL =
  process.env.BENCH_PG_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
/** Bumped when the seed changes, so an older seeded database is made again. */
const SEED_VERSION = 1;

export interface ScaleSize {
  label: string;
  horses: number;
  members: number;
}

export const SCALE_SIZES: ScaleSize[] = [
  { label: '1k', horses: 1_000, members: 100 },
  { label: '100k', horses: 100_000, members: 10_000 },
  { label: '1M', horses: 1_000_000, members: 100_000 },
];

function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const WORDS = ['Midnight', 'Silver', 'Golden', 'Shadow', 'Blue', 'Copper', 'Dusty', 'Lucky'];
const MORE_WORDS = ['Royal', 'Rocky', 'Sunny', 'Storm', 'Whiskey', 'Maple', 'Smoky', 'Cotton'];
const NOUNS = ['Star', 'Dancer', 'Runner', 'Lady', 'King', 'Duke', 'Belle', 'Jack', 'Rose'];
const MORE_NOUNS = ['Spirit', 'Moon', 'Comet', 'Boots', 'Pepper', 'Sky', 'Legend', 'Prince'];
const FIRST = ['Anna', 'Ben', 'Clara', 'Dale', 'Emma', 'Frank', 'Grace', 'Hank', 'Ivy', 'Jim'];
const LAST = ['Walker', 'Hughes', 'Porter', 'Reyes', 'Shaw', 'Tate', 'Vance', 'Wells', 'Young'];
const array = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(',')}]`;

/**
 * The skew of a real association: member1 (the bench's large breeder) owns 30 % of the
 * horses, nine more breeders 2 % each, and the rest belong to many small owners (about five
 * each). member2 keeps only its demo horses: the small owner. One horse in twenty is pending,
 * one in twenty rejected; every other horse has a settled payment, one in a hundred a pending
 * change request; member1 has 2,000 past sessions (signed out or expired).
 */
async function seed(url: string, size: ScaleSize): Promise<void> {
  await withClient(url, async (client) => {
    await client.query('begin');
    // The GIN (trigram) indexes are made again after the rows: one build instead of a million
    // inserts into each.
    const gin = await client.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
       where tablename = 'horses' and indexdef like '%USING gin%'`,
    );
    for (const index of gin.rows) await client.query(`drop index ${index.name}`);
    await client.query(`
      insert into users (email, role, password_hash, member_number, first_name, last_name, city, state)
      select 'scale' || i || '@example.org', 'member',
        (select password_hash from users where email = 'member1@example.org'),
        'SC' || lpad(i::text, 7, '0'),
        (${array(FIRST)})[1 + i % ${FIRST.length}],
        (${array(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}],
        'Springfield', 'TN'
      from generate_series(1, ${size.members}) as i`);
    await client.query(`
      create temporary table owners_by_rank as
      select row_number() over (order by email) - 1 as rank, id from users
      where email like 'scale%@example.org'`);
    await client.query('create index on owners_by_rank (rank)');
    await client.query(`
      insert into horses (owner_id, approved_name, first_choice, second_choice, third_choice,
        registration_number, approval_status, payment_status, sex, color, state_foaled_in,
        sire_name, dam_name, foal_date, details, created_at, updated_at, decided_at)
      select
        case when i % 100 < 30 then breeder.id
             else (select id from owners_by_rank
                   where rank = case when i % 100 < 48 then i % 9
                                     else 9 + (i::bigint * 7919) % (${size.members} - 9) end)
        end,
        case when status = 'approved' then n.name end, n.name, n.name || ' II', n.name || ' III',
        case when status = 'approved' then 'SC-' || lpad(i::text, 7, '0') end,
        status, case when status = 'pending' and i % 3 = 0 then 'unpaid' else 'paid' end,
        case when i % 2 = 0 then 'Mare' else 'Stallion' end, 'Bay', 'Tennessee',
        'Sire ' || (i % 997), 'Dam ' || (i % 1999), date '2010-01-01' + (i % 5000),
        template.details, at, at, case when status <> 'pending' then at end
      from generate_series(1, ${size.horses}) as i
      cross join lateral (
        select case i % 20 when 0 then 'pending' when 1 then 'rejected' else 'approved' end as status,
          now() - (${size.horses} - i) * interval '5 minutes' as at,
          case when i % 2 = 0 then (${array(WORDS)})[1 + i % ${WORDS.length}]
                              else (${array(MORE_WORDS)})[1 + i % ${MORE_WORDS.length}] end
          || ' ' ||
          case when (i / 2) % 2 = 0 then (${array(NOUNS)})[1 + (i / 4) % ${NOUNS.length}]
                                    else (${array(MORE_NOUNS)})[1 + (i / 4) % ${MORE_NOUNS.length}] end
          || ' ' || i as name
      ) n
      cross join (select id from users where email = 'member1@example.org') breeder
      cross join (select details from horses order by created_at limit 1) template`);
    await client.query(`
      insert into payments (horse_id, payer_id, provider, method, provider_payment_id,
        idempotency_key, amount_cents, fees, covers, status, created_at, updated_at)
      select h.id, h.owner_id, 'sandbox', 'card', 'pi_scale_' || h.id, 'scale-' || h.id, 5000,
        '{}'::jsonb, 'registration', 'succeeded', h.created_at, h.created_at
      from horses h where h.registration_number like 'SC-%'
        and substr(h.registration_number, 4)::int % 2 = 0`);
    await client.query(`
      insert into horse_change_requests (horse_id, requested_by_id, proposed, changes)
      select h.id, h.owner_id, '{}'::jsonb, '[]'::jsonb
      from horses h where h.registration_number like 'SC-%'
        and substr(h.registration_number, 4)::int % 100 = 3`);
    await client.query(`
      insert into sessions (user_id, created_at, expires_at, revoked_at)
      select u.id, now() - i * interval '1 hour', now() - i * interval '1 hour' + interval '1 day',
        case when i % 2 = 0 then now() - i * interval '1 hour' end
      from generate_series(1, 2000) as i
      cross join (select id from users where email = 'member1@example.org') u`);
    for (const index of gin.rows) await client.query(index.definition);
    await client.query(`create table bench_scale_seed (version int, horses int)`);
    await client.query(`insert into bench_scale_seed values ($1, $2)`, [SEED_VERSION, size.horses]);
    await client.query('commit');
    await client.query('vacuum analyze');
  });
}

/** The size's database, seeded unless an earlier run left it ready. */
export async function scaleDatabase(size: ScaleSize, log: (line: string) => void): Promise<string> {
  const name = `registry_scale_${size.label.toLowerCase()}`;
  const url = databaseUrl(name);
  const ready = await withClient(SERVER_URL, async (client) => {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) return false;
    return withClient(url, async (db) => {
      const marker = await db
        .query('select version, horses from bench_scale_seed')
        .catch(() => ({ rows: [] as { version: number; horses: number }[] }));
      const row = marker.rows[0] as { version: number; horses: number } | undefined;
      return row?.version === SEED_VERSION && row.horses === size.horses;
    });
  });
  if (ready) return url;
  log(`seeding ${name} (${size.horses} horses, ${size.members} members)...`);
  const started = performance.now();
  await withClient(SERVER_URL, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  // The server makes the schema, the office account and the demo members and horses.
  const server = await startServer(undefined, { DATABASE_URL: url });
  await server.stop();
  await seed(url, size);
  log(`seeded ${name} in ${Math.round((performance.now() - started) / 1000)} s`);
  return url;
}

async function signIn(
  baseURL: string,
  email: string,
  password: string,
  portal = 'login',
): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/${portal}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { data?: { token: string } };
  if (!body.data) throw new Error(`bench sign-in of ${email} failed: ${response.status}`);
  return body.data.token;
}

export interface ScaleRead {
  name: string;
  p50Ms: number;
  p95Ms: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** The reads of issue 30, each timed one request at a time (warm-up rounds not counted). */
export async function measureScaleReads(
  url: string,
  rounds = Number(process.env.BENCH_SCALE_ROUNDS ?? 30),
): Promise<ScaleRead[]> {
  const server: RunningServer = await startServer(undefined, {
    DATABASE_URL: url,
    READ_CACHE_SECONDS: '0',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
    // One request at a time: a slow read must be timed, not turned away (docs/operations.md),
    // whatever the load the shared machine puts on the event loop or the heap.
    OVERLOAD_MAX_LAG_MS: '60000',
    OVERLOAD_MAX_HEAP_MB: '16384',
    OVERLOAD_MAX_QUEUE: '100000',
    OVERLOAD_MAX_IN_FLIGHT: '100000',
  });
  try {
    const admin = await signIn(
      server.baseURL,
      BENCH_ADMIN.email,
      BENCH_ADMIN.password,
      'admin-login',
    );
    const large = await signIn(server.baseURL, BENCH_MEMBER.email, BENCH_MEMBER.password);
    const small = await signIn(server.baseURL, 'member2@example.org', BENCH_MEMBER.password);
    const { oneHorse, registrationNumber, member } = await withClient(url, async (client) => {
      const horse = await client.query(
        `select h.id, h.registration_number from horses h join users u on u.id = h.owner_id
         where u.email = 'member1@example.org' and h.registration_number is not null
         order by h.created_at limit 1`,
      );
      const someone = await client.query(`select id from users where email = 'scale5@example.org'`);
      return {
        oneHorse: horse.rows[0].id as string,
        registrationNumber: horse.rows[0].registration_number as string,
        member: someone.rows[0].id as string,
      };
    });
    const reads: { name: string; path: string; token?: string }[] = [
      {
        name: 'office Horse List, page 1',
        path: '/api/admin/horses?page=1&pageSize=10',
        token: admin,
      },
      {
        name: 'office Horse List, page 50',
        path: '/api/admin/horses?page=50&pageSize=10',
        token: admin,
      },
      {
        name: 'office search "star"',
        path: '/api/admin/horses?q=star&page=1&pageSize=10',
        token: admin,
      },
      {
        name: 'office search "st" (2 characters)',
        path: '/api/admin/horses?q=st&page=1&pageSize=10',
        token: admin,
      },
      {
        name: 'office horses of one member',
        path: `/api/admin/horses?ownerId=${member}&page=1&pageSize=10`,
        token: admin,
      },
      {
        name: 'approvals queue, page 1',
        path: '/api/admin/pending-horses?page=1&pageSize=10',
        token: admin,
      },
      {
        name: 'office Members list, page 1',
        path: '/api/admin/members?page=1&pageSize=10',
        token: admin,
      },
      {
        name: 'office Members search "walker"',
        path: '/api/admin/members?q=walker&page=1&pageSize=10',
        token: admin,
      },
      { name: 'office one horse', path: `/api/admin/horses/${oneHorse}`, token: admin },
      { name: 'statistics', path: '/api/admin/statistics', token: admin },
      {
        name: 'large breeder, My Horses page 1',
        path: '/api/auth/horses?page=1&pageSize=10',
        token: large,
      },
      {
        name: 'large breeder, My Horses page 50',
        path: '/api/auth/horses?page=50&pageSize=10',
        token: large,
      },
      {
        name: 'member search "star"',
        path: '/api/auth/horses/search?q=star&page=1&pageSize=10',
        token: large,
      },
      {
        name: 'member search "midnight star"',
        path: '/api/auth/horses/search?q=midnight%20star&page=1&pageSize=10',
        token: large,
      },
      {
        name: 'member search "st" (2 characters)',
        path: '/api/auth/horses/search?q=st&page=1&pageSize=10',
        token: large,
      },
      {
        name: 'small owner, My Horses page 1',
        path: '/api/auth/horses?page=1&pageSize=10',
        token: small,
      },
      { name: 'one horse (owner)', path: `/api/members/horses/${oneHorse}`, token: large },
      {
        name: 'public verify page',
        path: `/api/public/verify/${encodeURIComponent(registrationNumber)}`,
      },
    ];
    const results: ScaleRead[] = [];
    for (const read of reads) {
      const headers: Record<string, string> = read.token
        ? { authorization: `Bearer ${read.token}` }
        : {};
      const timings: number[] = [];
      for (let round = -3; round < rounds; round += 1) {
        const started = performance.now();
        const response = await fetch(`${server.baseURL}${read.path}`, { headers });
        await response.arrayBuffer();
        if (response.status === 503) {
          // Shed despite the limits above (the loaded shared machine): not timed, asked again.
          process.stderr.write(`  ${read.name}: 503, asked again\n`);
          await new Promise((resolve) => setTimeout(resolve, 1000));
          round -= 1;
          continue;
        }
        if (!response.ok) throw new Error(`${read.name}: ${response.status}`);
        if (round >= 0) timings.push(performance.now() - started);
      }
      timings.sort((a, b) => a - b);
      const result = {
        name: read.name,
        p50Ms: round1(percentile(timings, 50)),
        p95Ms: round1(percentile(timings, 95)),
      };
      process.stderr.write(`  ${result.name}: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms\n`);
      results.push(result);
    }
    return results;
  } finally {
    await server.stop();
  }
}
