import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../apps/api/src/test/spawned-server.js';
import { BARE_SEARCH_CODE, LIST_STATEMENT, SESSION_STATEMENT } from './api-throughput.js';
import { root } from './server.js';

/**
 * Bare code doing the same work as two of our routes (issue 30), in a process of its own: plain
 * Fastify and `pg` on the same PostgreSQL database, with none of our layers. Each route checks
 * the bearer token as ours does (HS256 signature by hand, then the session statement our
 * session check runs), so the ratio shows what our layers cost on top of the work itself:
 *
 * - GET /list and /search: the list statement of api-throughput.ts and the members' search
 *   as ours runs it (BARE_SEARCH_CODE there), after the session check (that file's bare server
 *   runs them without the token check);
 * - GET /horse/:id: the statements of GET /api/members/horses/:id (the member's row, its
 *   files, its latest payment intent, a pending change, the fees paid; the last four at once)
 *   and a signed link per file, sent as JSON.
 * - POST /register: the registration form of POST /api/members/horses/register parsed by
 *   @fastify/multipart, every part read; the files sniffed by `file-type`, hashed, written to
 *   a staging folder and moved into place; the fields checked against the same rules by hand
 *   (required, choice lists, dates, JSON parts parsed); the register's rules that need the
 *   database, as ours runs them (no name choice an approved horse holds, every owner's member
 *   number a member's); the owner's signature (a PNG data URL) stored as a sixth file; then in
 *   one transaction the sire's lookup among approved stallions (by number, then by name: none
 *   found means no reported breeding fits, which the row records), the horse row, its six file
 *   rows, its first revision and the audit row, as ours writes.
 */
const CODE = (port: number, databaseUrl: string, jwtSecret: string, uploadsDir: string) => `
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: ${JSON.stringify(databaseUrl)}, max: 10 });
const key = Buffer.from(${JSON.stringify(jwtSecret)});
const uploads = ${JSON.stringify(uploadsDir)};
const staging = path.join(uploads, 'bare-staging');
const stored = path.join(uploads, 'bare');
await mkdir(staging, { recursive: true });
await mkdir(stored, { recursive: true });
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

async function session(request) {
  const token = (request.headers.authorization ?? '').slice(7);
  const [header, body, signature] = token.split('.');
  const expected = createHmac('sha256', key).update(header + '.' + body).digest();
  const given = Buffer.from(signature ?? '', 'base64url');
  if (header !== HEADER || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('token');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  if (claims.exp * 1000 < Date.now()) throw new Error('expired');
  const { rows } = await pool.query(${JSON.stringify(SESSION_STATEMENT)}, [claims.sid, claims.sub, claims.tv]);
  if (rows.length === 0) throw new Error('session');
  return claims.sub;
}

const sign = (storageKey) => {
  const expires = Math.floor(Date.now() / 1000) + 900;
  const sig = createHmac('sha256', key).update('/files/' + storageKey + ':' + expires).digest('base64url');
  return '/files/' + storageKey + '?expires=' + expires + '&sig=' + sig;
};

const app = Fastify({ logger: false });
await app.register(multipart, { limits: { fileSize: 20 * 2 ** 20, files: 20, fields: 80, parts: 100 } });

const page = (rows) => ({ success: true, data: { items: rows, total: Number(rows[0]?.total ?? 0), page: 1, pageSize: 10 } });
app.get('/list', async (request) => {
  const owner = await session(request);
  return page((await pool.query(${JSON.stringify(LIST_STATEMENT)}, [owner])).rows);
});
const searchStar = ${BARE_SEARCH_CODE};
app.get('/search', async (request) => {
  await session(request);
  const { items, total } = await searchStar(pool, 'star');
  return { success: true, data: { items, total, page: 1, pageSize: 10 } };
});

app.get('/horse/:id', async (request) => {
  const owner = await session(request);
  const id = request.params.id;
  const { rows: [horse] } = await pool.query('select * from horses where id = $1 and owner_id = $2', [id, owner]);
  if (!horse) throw new Error('not found');
  const [files, intent, change, fees] = await Promise.all([
    pool.query('select * from horse_files where horse_id = $1', [id]),
    pool.query('select provider_payment_id from payments where horse_id = $1 and provider_payment_id is not null order by created_at desc, id desc limit 1', [id]),
    pool.query("select id, status, created_at from horse_change_requests where horse_id = $1 and status = 'pending' limit 1", [id]),
    pool.query("select covers from payments where horse_id = $1 and status = 'succeeded'", [id]),
  ]);
  return {
    success: true,
    data: {
      ...horse,
      files: files.rows.map((f) => ({ kind: f.kind, slot: f.slot, name: f.original_name, mime: f.mime, size: Number(f.size), url: sign(f.storage_key) })),
      paymentIntentId: intent.rows[0]?.provider_payment_id ?? null,
      pendingChange: change.rows[0] ?? null,
      feesPaid: [...new Set(fees.rows.flatMap((r) => (r.covers ?? '').split('+').filter(Boolean)))],
    },
  };
});

const REQUIRED = ['registrationType', 'gaitDesignation', 'stateFoaledIn', 'breed', 'foalDate', 'firstChoice',
  'secondChoice', 'thirdChoice', 'sex', 'color', 'ownerType', 'ownerSignature', 'sire', 'dam', 'owners'];
const CHOICES = {
  registrationType: ['Proven', 'Foal', 'Breeding Stock', 'Performance'],
  sex: ['Mare', 'Stallion', 'Gelding'],
  verified: ['Yes', 'No'],
  performanceVerification: ['Yes', 'No'],
  DNA: ['Yes', 'No'],
  dnaTestSubmission: ['Yes', 'No'],
  ownerType: ['Single', 'Joint', 'Partnership', 'Corporation'],
};
const ALLOWED = new Set(['application/pdf', 'image/png', 'image/jpeg', 'video/mp4']);

async function stage(bytes, mime, name, field) {
  const storageKey = randomUUID();
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await writeFile(path.join(staging, storageKey), bytes);
  return { field, storageKey, name, mime, size: bytes.length, sha256 };
}

app.post('/register', async (request, reply) => {
  const owner = await session(request);
  const values = {};
  const files = [];
  for await (const part of request.parts()) {
    if (part.type !== 'file') { values[part.fieldname] = part.value; continue; }
    const bytes = await part.toBuffer();
    const type = await fileTypeFromBuffer(bytes);
    if (!type || !ALLOWED.has(type.mime)) return reply.code(400).send({ success: false, error: 'file type' });
    files.push(await stage(bytes, type.mime, part.filename, part.fieldname));
  }
  for (const name of REQUIRED) if (!values[name] || values[name].length > 20000) return reply.code(400).send({ success: false, error: name });
  for (const [name, choices] of Object.entries(CHOICES)) if (values[name] !== undefined && !choices.includes(values[name])) return reply.code(400).send({ success: false, error: name });
  for (const name of ['foalDate', 'breedingDate']) if (values[name] && !/^\\d{4}-\\d{2}-\\d{2}$/.test(values[name])) return reply.code(400).send({ success: false, error: name });
  const json = {};
  for (const name of ['sire', 'dam', 'othermarkings', 'otherRegistries', 'owners']) json[name] = JSON.parse(values[name] ?? 'null');
  if (!Array.isArray(json.owners) || json.owners.length === 0) return reply.code(400).send({ success: false, error: 'owners' });
  if (!files.some((f) => f.field === 'registrationDocument')) return reply.code(400).send({ success: false, error: 'registrationDocument' });
  const nameKey = (name) => name.replace(/\\s+/g, '').toLowerCase();
  const { rows: taken } = await pool.query(
    "select lower(regexp_replace(approved_name, '[[:space:]]', '', 'g')) from horses where approval_status = 'approved' and lower(regexp_replace(approved_name, '[[:space:]]', '', 'g')) in ($1, $2, $3)",
    [nameKey(values.firstChoice), nameKey(values.secondChoice), nameKey(values.thirdChoice)]);
  if (taken.length > 0) return reply.code(400).send({ success: false, error: 'name taken' });
  const numbers = [...new Set(json.owners.map((o) => o.memberNum).filter(Boolean))];
  if (numbers.length > 0) {
    const { rows: members } = await pool.query(
      "select member_number, first_name, last_name from users where role = 'member' and active = true and member_number = any($1)", [numbers]);
    if (members.length !== numbers.length) return reply.code(400).send({ success: false, error: 'owners' });
  }
  const signature = Buffer.from(values.ownerSignature.replace(/^data:image\\/png;base64,/, ''), 'base64');
  files.push(await stage(signature, 'image/png', 'signature.png', 'ownerSignature'));
  for (const f of files) await rename(path.join(staging, f.storageKey), path.join(stored, f.storageKey));
  const details = { ...values, ...json, ownerSignature: undefined };
  const client = await pool.connect();
  try {
    await client.query('begin');
    const stallion = "select id from horses where approval_status = 'approved' and sex = 'Stallion' and ";
    const sireNumber = (json.sire?.reg ?? '').replace(/\\s+/g, '').toUpperCase();
    let sires = sireNumber ? (await client.query(stallion + 'registration_number = $1', [sireNumber])).rows : [];
    if (sires.length === 0 && json.sire?.name) {
      sires = (await client.query(stallion + "lower(regexp_replace(approved_name, '[[:space:]]', '', 'g')) = $1 and legacy_duplicate_name = false", [nameKey(json.sire.name)])).rows;
    }
    // The bench's sire is no registered stallion: no report fits, as ours finds.
    if (sires.length > 0) throw new Error('the bare save only knows foals no report fits');
    const { rows: [horse] } = await client.query(
      'insert into horses (owner_id, first_choice, second_choice, third_choice, sex, color, gait_designation, state_foaled_in, sire_name, dam_name, foal_date, details, no_breeding_report) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, true) returning *',
      [owner, values.firstChoice, values.secondChoice, values.thirdChoice, values.sex, values.color, values.gaitDesignation, values.stateFoaledIn, json.sire?.name ?? '', json.dam?.name ?? '', values.foalDate, details]);
    const kinds = { registrationDocument: 'registrationDocument', markingDocuments: 'markingDocument', ownerSignature: 'ownerSignature' };
    const params = [];
    const rows = files.map((f, i) => {
      params.push(horse.id, kinds[f.field] ?? 'performanceDocument', String(i), f.storageKey, f.name, f.mime, f.size, f.sha256);
      const o = i * 8;
      return '($' + (o + 1) + ', $' + (o + 2) + ', $' + (o + 3) + ', $' + (o + 4) + ', $' + (o + 5) + ', $' + (o + 6) + ', $' + (o + 7) + ', $' + (o + 8) + ')';
    });
    const fileRows = await client.query('insert into horse_files (horse_id, kind, slot, storage_key, original_name, mime, size, sha256) values ' + rows.join(', ') + ' returning *', params);
    await client.query('insert into horse_revisions (horse_id, version, snapshot, actor_id) values ($1, 1, $2, $3)', [horse.id, horse, owner]);
    await client.query("insert into audit_log (actor_id, action, subject, success) values ($1, 'horse.register', $2, true)", [owner, horse.id]);
    await client.query('commit');
    return reply.code(201).send({ success: true, data: { ...horse, files: fileRows.rows.map((f) => ({ ...f, url: sign(f.storage_key) })) } });
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
});

await app.listen({ port: ${port}, host: '127.0.0.1' });
process.stdout.write('ready\\n');`;

export interface BareRoutes {
  baseURL: string;
  stop(): Promise<void>;
}

/** Starts the bare server on `databaseUrl`, checking tokens signed with `jwtSecret`. */
export async function startBareRoutes(
  databaseUrl: string,
  jwtSecret: string,
  uploadsDir: string,
): Promise<BareRoutes> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--input-type=module', '-e', CODE(port, databaseUrl, jwtSecret, uploadsDir)],
    // From apps/api, so the bare code finds the same packages ours uses.
    { cwd: `${root}/apps/api`, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', () => reject(new Error('bare routes server exited')));
  });
  return {
    baseURL: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
