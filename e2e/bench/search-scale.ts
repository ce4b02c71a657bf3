import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { LIST_STATEMENT, SEARCH_STATEMENT, memberToken } from './api-throughput.js';
import { startServer, type RunningServer } from './server.js';

/**
 * Search latency over 100,000 approved horses on PostgreSQL: the product's own search route,
 * called one request at a time with varied terms, plus the plans PostgreSQL chose.
 */
export interface SearchScale {
  horses: number;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  plans: { term: string; plan: string }[];
}

const SERVER_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const SEEDED_HORSES = 100_000;
const NAME_WORDS = [
  'Midnight',
  'Silver',
  'Golden',
  'Shadow',
  'Blue',
  'Copper',
  'Dusty',
  'Lucky',
  'Royal',
  'Rocky',
  'Sunny',
  'Storm',
  'Whiskey',
  'Maple',
  'Smoky',
  'Cotton',
  'Ginger',
  'River',
  'Thunder',
  'Velvet',
];
const NAME_NOUNS = [
  'Star',
  'Dancer',
  'Runner',
  'Lady',
  'King',
  'Duke',
  'Belle',
  'Jack',
  'Rose',
  'Spirit',
  'Moon',
  'Comet',
  'Boots',
  'Pepper',
  'Sky',
  'Legend',
  'Prince',
  'Flash',
  'Queen',
  'Ranger',
];
const TERMS = [
  'star',
  'midnight dancer',
  'BEN-0042',
  'copper',
  'velvet queen',
  'sire 77',
  'dam 1234',
  'zzz-none',
];

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const sqlArray = (words: string[]) => `array[${words.map((w) => `'${w}'`).join(',')}]`;

/** 100,000 approved horses in one statement, owned by the first demo member. */
async function seed(url: string): Promise<void> {
  await withClient(url, async (client) => {
    await client.query(`
      insert into horses (owner_id, approved_name, first_choice, second_choice, third_choice,
        registration_number, approval_status, payment_status, sex, color, state_foaled_in,
        sire_name, dam_name, foal_date, details)
      select owner.id,
        n.name, n.name, n.name || ' II', n.name || ' III',
        'BEN-' || lpad(i::text, 6, '0'), 'approved', 'paid',
        case when i % 2 = 0 then 'Mare' else 'Stallion' end, 'Bay', 'Tennessee',
        'Sire ' || (i % 997), 'Dam ' || (i % 1999), date '2015-01-01' + (i % 3000),
        template.details
      from generate_series(1, ${SEEDED_HORSES}) as i
      cross join lateral (
        select (${sqlArray(NAME_WORDS)})[1 + i % ${NAME_WORDS.length}] || ' ' ||
               (${sqlArray(NAME_NOUNS)})[1 + (i / ${NAME_WORDS.length}) % ${NAME_NOUNS.length}] ||
               ' ' || i as name
      ) n
      cross join (select id from users where email = 'member1@example.org') owner
      cross join (select details from horses limit 1) template`);
    await client.query('analyze horses');
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round1 = (n: number) => Math.round(n * 10) / 10;

export async function measureSearchScale(
  measure: (server: RunningServer, databaseUrl: string) => Promise<void> = async () => undefined,
  env: Record<string, string> = {},
): Promise<SearchScale> {
  const name = `registry_bench_${randomBytes(4).toString('hex')}`;
  await withClient(SERVER_URL, (client) => client.query(`create database ${name}`));
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const server = await startServer(undefined, { ...env, DATABASE_URL: url.toString() });
  let running: RunningServer | undefined = server;
  try {
    // Throughput first, on the same demo data as the embedded run, so the two compare.
    await measure(server, url.toString());
    await seed(url.toString());
    running = undefined;
    await server.stop();
    // Every term repeats each round: with copies kept in memory the figure would time the
    // cache, not the search, so this server keeps none.
    const searchServer = await startServer(undefined, {
      ...env,
      DATABASE_URL: url.toString(),
      READ_CACHE_SECONDS: '0',
    });
    running = searchServer;
    const token = await memberToken(searchServer.baseURL);
    const timings: number[] = [];
    for (let round = 0; round < 25; round += 1) {
      for (const term of TERMS) {
        const started = performance.now();
        const response = await fetch(
          `${searchServer.baseURL}/api/auth/horses/search?q=${encodeURIComponent(term)}&page=1&pageSize=10`,
          { headers: { authorization: `Bearer ${token}` } },
        );
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`search failed: ${response.status}`);
        // The first round warms caches and the plan cache; it is not counted.
        if (round > 0) timings.push(performance.now() - started);
      }
    }
    const plans = await withClient(url.toString(), async (client) => {
      const out: { term: string; plan: string }[] = [];
      const explain = async (term: string, text: string, values: string[]) => {
        const result = await client.query(`explain (analyze, buffers off) ${text}`, values);
        out.push({
          term,
          plan: result.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'),
        });
      };
      for (const term of ['midnight dancer', 'BEN-0042', 'star']) {
        await explain(`search "${term}"`, SEARCH_STATEMENT, [`%${term.toLowerCase()}%`]);
      }
      // The seeded horses all belong to the first demo member: a list of 100,000 own horses.
      const owner = await client.query("select id from users where email = 'member1@example.org'");
      await explain('my horses, page 1 of 100,000', LIST_STATEMENT, [owner.rows[0].id]);
      return out;
    });
    timings.sort((a, b) => a - b);
    return {
      horses: SEEDED_HORSES,
      requests: timings.length,
      p50Ms: round1(percentile(timings, 50)),
      p95Ms: round1(percentile(timings, 95)),
      maxMs: round1(timings[timings.length - 1] ?? NaN),
      plans,
    };
  } finally {
    await running?.stop();
    await withClient(SERVER_URL, (client) =>
      client.query(`drop database if exists ${name} with (force)`),
    );
  }
}
