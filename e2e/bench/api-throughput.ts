import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { BENCH_MEMBER, freePort, root } from './server.js';

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

/**
 * The second yardstick: a bare Fastify route that runs the same SQL as our list and search
 * (against the same PostgreSQL database and member) with none of our stack: no token check,
 * no validation, no mapping. Divided by it, a ratio shows what our layers cost on top of the
 * database work itself.
 */
export async function measureBareQueries(databaseUrl: string): Promise<Throughput[]> {
  const port = await freePort();
  const code = `
    import Fastify from 'fastify';
    import pg from 'pg';
    const pool = new pg.Pool({ connectionString: ${JSON.stringify(databaseUrl)}, max: 10 });
    const { rows: [owner] } = await pool.query("select id from users where email = 'member1@example.org'");
    const withFiles = "coalesce((select json_agg(f) from horse_files f where f.horse_id = h.id), '[]') as files";
    const app = Fastify({ logger: false });
    app.get('/list', async () => {
      const [items, total] = await Promise.all([
        pool.query('select h.*, ' + withFiles + ' from horses h where h.owner_id = $1 order by h.created_at desc limit 10', [owner.id]),
        pool.query('select count(*) from horses where owner_id = $1', [owner.id]),
      ]);
      return { success: true, data: { items: items.rows, total: Number(total.rows[0].count) } };
    });
    app.get('/search', async () => {
      const where = "approval_status = 'approved' and (lower(approved_name) like $1 or lower(registration_number) like $1 or lower(sire_name) like $1 or lower(dam_name) like $1)";
      const [items, total] = await Promise.all([
        pool.query('select h.*, ' + withFiles + ' from horses h where ' + where + ' order by approved_name asc nulls last, registration_number, id limit 10', ['%star%']),
        pool.query('select count(*) from horses where ' + where, ['%star%']),
      ]);
      return { success: true, data: { items: items.rows, total: Number(total.rows[0].count) } };
    });
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
  try {
    return [
      await run('bare Fastify + same SQL: list', { url: `http://127.0.0.1:${port}/list` }),
      await run('bare Fastify + same SQL: search', { url: `http://127.0.0.1:${port}/search` }),
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
