import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { freePort } from '../../apps/api/src/test/spawned-server.js';
import { BENCH_MEMBER, root } from './server.js';

export interface Throughput {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = 10;

async function run(
  name: string,
  options: Omit<autocannon.Options, 'duration' | 'connections'>,
): Promise<Throughput> {
  // One second first, not counted, so every figure (the yardstick's too) is taken warm: JIT
  // compiled, connections open, first-request copies made.
  await autocannon({ ...options, duration: 1, connections: CONNECTIONS });
  const result = await autocannon({ ...options, duration: DURATION_S, connections: CONNECTIONS });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * A bare Fastify route in its own process, the yardstick the API figures are divided by: it
 * shows what the machine gives an HTTP server that does nothing, measured in the same run.
 */
export async function measureBareFastify(): Promise<Throughput> {
  const port = await freePort();
  const code = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/bare', async () => ({ success: true, data: { ok: true } }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
    process.stdout.write('ready\\n');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', () => reject(new Error('bare Fastify server exited')));
  });
  try {
    return await run('bare Fastify route', { url: `http://127.0.0.1:${port}/bare` });
  } finally {
    child.kill('SIGTERM');
  }
}

/** The member list row's columns (apps/api/src/modules/horse-repository/summaries.ts, ownSummaryColumns). */
const OWN_COLUMNS = `h.id, h.approved_name, h.registration_number, h.approval_status, h.sex, h.color,
  h.gait_designation, h.state_foaled_in, h.foal_date, h.sire_name, h.dam_name, h.created_at,
  h.updated_at, h.first_choice, h.second_choice, h.third_choice, h.owner_id, h.payment_status,
  h.payment_mode, h.rejection_reason, h.details->>'performanceVerification' as performance_verification,
  (select p.provider_payment_id from payments p where p.horse_id = h.id
     and p.provider_payment_id is not null order by p.created_at desc, p.id desc limit 1) as intent,
  exists (select 1 from horse_change_requests c where c.horse_id = h.id and c.status = 'pending') as change_pending`;
const PUBLIC_COLUMNS = `h.id, h.approved_name, h.registration_number, h.approval_status, h.sex, h.color,
  h.gait_designation, h.state_foaled_in, h.foal_date, h.sire_name, h.dam_name, h.created_at, h.updated_at`;
const SEARCH_WHERE = `approval_status = 'approved' and (lower(approved_name) like $1
  or lower(registration_number) like $1 or lower(sire_name) like $1 or lower(dam_name) like $1)`;

/**
 * The statements our list route runs (apps/api/src/modules/horses/queries.ts), page and total
 * together, and the members' search as one statement as it was before decision 0120 (the
 * search-scale bench still EXPLAINs that one; the bare servers run BARE_SEARCH_CODE below).
 */
export const LIST_STATEMENT = `select ${OWN_COLUMNS},
  (select count(*) from horses where owner_id = $1) as total
  from horses h where h.owner_id = $1 order by h.created_at desc, h.id desc limit 10 offset 0`;
export const SEARCH_STATEMENT = `select ${PUBLIC_COLUMNS},
  (select count(*) from horses where ${SEARCH_WHERE}) as total
  from horses h where ${SEARCH_WHERE.replace(/\b(approval_status|approved_name|registration_number|sire_name|dam_name)\b/g, 'h.$1')}
  order by h.approved_name asc nulls last, h.registration_number asc, h.id asc limit 10 offset 0`;
/** A search text's match over name, number, sire and dam, as the words search writes it ($2). */
const MATCH_TEXT = `lower(coalesce(h.approved_name, '') || chr(10) || coalesce(h.registration_number, '')
  || chr(10) || h.sire_name || chr(10) || h.dam_name) like $2`;
/** A row of derived.horse_name_words for the text's key ($1), as searchByWords selects them. */
const WORDS_WHERE = `w.key = derived.name_words_key($1) and ((derived.name_words_key($1) = lower($1)) is true
  or exists (select 1 from horses h where h.id = w.horse_id and h.approval_status = 'approved' and ${MATCH_TEXT}))`;
const REST_WHERE = `h.approval_status = 'approved' and ${MATCH_TEXT} and not exists (select 1 from
  derived.horse_name_words w where w.key = derived.name_words_key($1) and w.approved_name = h.approved_name
  and w.horse_id = h.id)`;

/**
 * Our members' search of a text of three characters or more since decision 0120
 * (apps/api/src/modules/horses/queries.ts searchByWords), as the statements PostgreSQL's log
 * shows it running: the whole-word page with its count to 1,001; while those stay under the
 * bound, the rest's count; and when the words do not fill the page, the rest's first rows.
 * Code for the bare servers: `(pool, text) => { items, total }`.
 */
export const BARE_SEARCH_CODE = `async (pool, text) => {
  const values = [text, '%' + text.toLowerCase() + '%'];
  const words = (await pool.query(${JSON.stringify(`select ${PUBLIC_COLUMNS},
  (select count(*) from (select 1 from derived.horse_name_words w where ${WORDS_WHERE} limit 1001) as counted) as total
  from (select w.horse_id as page_id, w.approved_name as page_name, w.registration_number as page_number
    from derived.horse_name_words w where ${WORDS_WHERE}
    order by w.approved_name, w.registration_number, w.horse_id limit 10 offset 0) as page
  join horses h on h.id = page.page_id order by page.page_name, page.page_number, page.page_id`)}, values)).rows;
  let total = Number(words[0]?.total ?? 0);
  const items = [...words];
  if (total < 1001) {
    const rest = (await pool.query(${JSON.stringify(`select count(*) as n from (select 1 from horses h where ${REST_WHERE} limit $3) as counted`)}, [...values, 1001 - total])).rows;
    const restTotal = Number(rest[0]?.n ?? 0);
    if (items.length < 10 && restTotal > 0) {
      items.push(...(await pool.query(${JSON.stringify(`select ${PUBLIC_COLUMNS} from horses h where ${REST_WHERE}
        order by h.approved_name, h.registration_number, h.id limit $3 offset 0`)}, [...values, 10 - items.length])).rows);
    }
    total += restTotal;
  }
  return { items, total };
}`;

/** The session check every signed-in request makes (apps/api/src/modules/auth/service.ts). */
export const SESSION_STATEMENT = `select u.role, s.expires_at from sessions s join users u on u.id = s.user_id
  where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now()
  and u.active = true and u.token_version = $3 limit 1`;

/**
 * The second yardstick: a bare Fastify route that runs the same SQL as our list and search
 * (against the same PostgreSQL database and member) with none of our stack: no token check,
 * no validation, no mapping. Divided by it, a ratio shows what our layers cost on top of the
 * database work itself. The "+ session" routes also run the session check's statement first
 * (with a real session's ids), the database work our route does per request with no cache.
 */
export async function measureBareQueries(databaseUrl: string): Promise<Throughput[]> {
  const port = await freePort();
  const code = `
    import Fastify from 'fastify';
    import pg from 'pg';
    const pool = new pg.Pool({ connectionString: ${JSON.stringify(databaseUrl)}, max: 10 });
    const { rows: [owner] } = await pool.query("select id from users where email = 'member1@example.org'");
    const { rows: [session] } = await pool.query(
      'select s.id, s.user_id, u.token_version from sessions s join users u on u.id = s.user_id where s.user_id = $1 and s.revoked_at is null order by s.created_at desc limit 1',
      [owner.id]);
    const check = () => pool.query(${JSON.stringify(SESSION_STATEMENT)}, [session.id, session.user_id, session.token_version]);
    const page = (rows) => ({ success: true, data: { items: rows, total: Number(rows[0]?.total ?? 0), page: 1, pageSize: 10 } });
    const list = async () => page((await pool.query(${JSON.stringify(LIST_STATEMENT)}, [owner.id])).rows);
    const searchStar = ${BARE_SEARCH_CODE};
    const search = async () => {
      const { items, total } = await searchStar(pool, 'star');
      return { success: true, data: { items, total, page: 1, pageSize: 10 } };
    };
    const app = Fastify({ logger: false });
    app.get('/list', list);
    app.get('/search', search);
    app.get('/list-session', async () => { await check(); return list(); });
    app.get('/search-session', async () => { await check(); return search(); });
    await app.listen({ port: ${port}, host: '127.0.0.1' });
    process.stdout.write('ready\\n');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', () => reject(new Error('bare query server exited')));
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    return [
      await run('bare Fastify + same SQL: list', { url: `${base}/list` }),
      await run('bare Fastify + same SQL: search', { url: `${base}/search` }),
      await run('bare Fastify + same SQL + session: list', { url: `${base}/list-session` }),
      await run('bare Fastify + same SQL + session: search', { url: `${base}/search-session` }),
    ];
  } finally {
    child.kill('SIGTERM');
  }
}

export async function memberToken(baseURL: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_MEMBER),
  });
  const body = (await response.json()) as { data?: { token: string } };
  if (!body.data) throw new Error(`bench sign-in failed: ${response.status}`);
  return body.data.token;
}

/**
 * Authenticated list and search (and, unless `signIn` is false, sign-in) against a running
 * product server. Each autocannon run repeats one request, so with the read cache on (the
 * default) list and search are answered from memory after the first request.
 */
export async function measureApi(
  baseURL: string,
  label: string,
  { signIn = true }: { signIn?: boolean } = {},
): Promise<Throughput[]> {
  const token = await memberToken(baseURL);
  const auth = { authorization: `Bearer ${token}` };
  const runs = [
    await run(`${label}: my horses list`, {
      url: `${baseURL}/api/auth/horses?page=1&pageSize=10`,
      headers: auth,
    }),
    await run(`${label}: horse search`, {
      url: `${baseURL}/api/auth/horses/search?q=star&page=1&pageSize=10`,
      headers: auth,
    }),
  ];
  if (signIn) {
    runs.push(
      await run(`${label}: sign-in (argon2id)`, {
        url: `${baseURL}/api/auth/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(BENCH_MEMBER),
      }),
    );
  }
  return runs;
}
