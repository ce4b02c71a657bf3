import { createHmac, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_FIELDS, UPLOADS_PATH } from '@registry/domain';
import { demoPdf, demoPng } from '../apps/api/src/modules/horses/demo-files.js';
import {
  paymentIntent,
  startFakeStripe,
  type FakeStripe,
} from '../apps/api/src/test/fake-stripe.js';
import { SIGNATURE_DATA_URL, validValues } from '../apps/api/src/test/registration-values.js';
import { startLocalS3, type LocalS3 } from '../apps/api/src/test/s3-server.js';
import {
  BENCH_ADMIN,
  BENCH_MEMBER,
  START_NODE_ARGS,
  startServer,
  type RunningServer,
} from './bench/server.js';
import { startMailCatcher } from './support/mail-catcher.js';
import { waitForMail } from './support/mailbox.js';

/**
 * The built server (apps/api/dist/server.js, what `npm start` and the Docker image run) with every
 * optional part configured: PostgreSQL (DATABASE_URL), Redis (REDIS_URL), an S3 bucket
 * (STORAGE_URL), SMTP (SMTP_URL, MAIL_FROM) and Stripe (STRIPE_*), beside the parts every server
 * loads on first use (sharp, the certificate PDF). Each of these is imported lazily, and the
 * bundle once turned a working import from source into a failed start ("RedisClient is not a
 * constructor", apps/api/bundle.mjs). One start with all parts together, as a production server
 * runs: each part is loaded on its own path, so one server covers each honestly, and every step
 * below drives a real request through one part and checks what came out at the other end.
 * The server runs with the Node flags of `npm start` and the Docker image (bench/server.ts).
 */

const PG_SERVER = process.env.TEST_PG_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
/** This test's own Redis database (the development Redis, docs/operations.md). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/11';
const BUCKET = 'built-options';
const WEBHOOK_SECRET = 'whsec_built_server_options';
/** The server's prefix in Redis (plugins/security.ts), and its count of member sign-ins from here. */
const RATE_LIMIT_NAMESPACE = 'registry-rate-limit-';
const LOGIN_COUNT_KEY = `${RATE_LIMIT_NAMESPACE}POST/api/auth/login-127.0.0.1`;

let database: { name: string; url: string };
let redis: Redis;
let s3: LocalS3;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let stripe: FakeStripe;
let server: RunningServer;

async function onPostgres<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const name = `registry_built_${randomBytes(6).toString('hex')}`;
  await onPostgres(PG_SERVER, (client) => client.query(`create database ${name}`));
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  database = { name, url: url.toString() };
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  [s3, mail, stripe] = await Promise.all([
    startLocalS3(BUCKET),
    startMailCatcher(),
    startFakeStripe(),
  ]);
  server = await startServer(undefined, {
    DATABASE_URL: database.url,
    REDIS_URL,
    STORAGE_URL: s3.url,
    SMTP_URL: mail.smtpURL,
    MAIL_FROM: 'Gaited Horse Registry <office@registry.e2e.test>',
    STRIPE_SECRET_KEY: 'sk_test_built_server_options',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_built_server_options',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(stripe.port),
    STRIPE_API_PROTOCOL: 'http',
  });
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([s3?.stop(), mail?.close(), stripe?.close()]);
  // The counts the server left in this test's own database (they would expire in a minute).
  const counts = await redis?.keys(`${RATE_LIMIT_NAMESPACE}*`);
  if (counts?.length) await redis.del(...counts);
  redis?.disconnect();
  if (database) {
    await onPostgres(PG_SERVER, (client) =>
      client.query(`drop database if exists ${database.name} with (force)`),
    );
  }
});

const api = (route: string, token: string | undefined, init: RequestInit = {}) =>
  fetch(`${server.baseURL}${route}`, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...init.headers },
  });

async function signIn(route: string, account: { email: string; password: string }) {
  const response = await api(route, undefined, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** Bytes as a request body or form part (a copy on its own ArrayBuffer, as fetch types ask). */
const body = (bytes: Buffer) => new Uint8Array(bytes);

/** A tus upload of the whole file in one PATCH, as the register form sends a file. */
async function tusUpload(token: string, field: string, name: string, bytes: Buffer) {
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  const tus = { 'tus-resumable': '1.0.0' };
  const created = await api(UPLOADS_PATH, token, {
    method: 'POST',
    headers: {
      ...tus,
      'upload-length': String(bytes.length),
      'upload-metadata': `field ${b64(field)},filename ${b64(name)}`,
    },
  });
  expect(created.status).toBe(201);
  const id = created.headers.get('location')?.split('/').pop() ?? '';
  const patched = await api(`${UPLOADS_PATH}/${id}`, token, {
    method: 'PATCH',
    headers: {
      ...tus,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: body(bytes),
  });
  expect(patched.status).toBe(204);
  return id;
}

/** A Stripe-Signature header as Stripe computes it: HMAC-SHA256 of `<time>.<payload>`. */
function stripeSignature(payload: string): string {
  const time = Math.floor(Date.now() / 1000);
  const digest = createHmac('sha256', WEBHOOK_SECRET).update(`${time}.${payload}`).digest('hex');
  return `t=${time},v1=${digest}`;
}

/** Object keys in the local S3 bucket (s3rver keeps each as `<key>._S3rver_object`). */
const bucketKeys = () =>
  readdirSync(path.join(s3.dir, BUCKET), { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('._S3rver_object'))
    .map((name) => name.slice(0, -'._S3rver_object'.length));

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

interface FileRef {
  url: string;
  size: number;
}
interface Horse {
  _id: string;
  registrationDocument: FileRef;
  markingDocuments: FileRef[];
  paymentStatus: string;
  registrationNum: string | null;
}

describe('the built server with every optional part configured', () => {
  let member: string;
  let horse: Horse;
  const papers = demoPdf('Built server papers');
  const photo = demoPng(32, 24, [90, 60, 30]);

  it('runs on PostgreSQL without the embedded-only V8 flags, as the process it was started as', () => {
    // The bench's server process (same pid after execve, apps/api/src/node-flags.ts, whose
    // EMBEDDED_ONLY_FLAGS is this one flag).
    const embeddedOnly = '--optimize-for-size';
    const commandLine = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
    expect(START_NODE_ARGS).toContain(embeddedOnly);
    for (const flag of START_NODE_ARGS) {
      if (flag === embeddedOnly) expect(commandLine).not.toContain(flag);
      else expect(commandLine).toContain(flag);
    }
  });

  it('counts a sign-in in Redis (REDIS_URL)', async () => {
    const before = Number((await redis.get(LOGIN_COUNT_KEY)) ?? 0);
    member = await signIn('/api/auth/login', BENCH_MEMBER);
    expect(Number(await redis.get(LOGIN_COUNT_KEY))).toBe(before + 1);
    expect(await redis.pttl(LOGIN_COUNT_KEY)).toBeGreaterThan(0);
  });

  it('stores a registration in PostgreSQL and its files in the bucket, and serves them back (DATABASE_URL, STORAGE_URL)', async () => {
    // The papers through tus (its S3 store, the AWS SDK), the photos as parts of the save.
    const upload = await tusUpload(
      member,
      UPLOAD_FIELDS.registrationDocument,
      'papers.pdf',
      papers,
    );
    const form = new FormData();
    // Names of its own: the demo data's horses hold the form's defaults ("Easy Rack" is approved
    // and so taken), and the server refuses a taken name.
    const run = randomBytes(3).toString('hex');
    const values = {
      ...validValues(),
      firstChoice: `Bundle Glide ${run}`,
      secondChoice: `Bundle Step ${run}`,
      thirdChoice: `Bundle Rack ${run}`,
    };
    for (const [name, value] of Object.entries(values)) form.append(name, value);
    form.append('uploads', JSON.stringify([upload]));
    for (const side of ['left', 'right', 'face', 'legs']) {
      form.append(
        UPLOAD_FIELDS.markingDocuments,
        new Blob([body(photo)], { type: 'image/png' }),
        `${side}.png`,
      );
    }
    const saved = await api('/api/members/horses/register', member, { method: 'POST', body: form });
    expect(saved.status).toBe(201);
    horse = ((await saved.json()) as { data: Horse }).data;

    const keys = await onPostgres(database.url, async (client) => {
      const result = await client.query<{ storage_key: string }>(
        'select storage_key from horse_files where horse_id = $1',
        [horse._id],
      );
      return result.rows.map((row) => row.storage_key);
    });
    // Papers, four photos and the owner's signature, each an object in the bucket.
    expect(keys).toHaveLength(6);
    const objects = bucketKeys();
    for (const key of keys) expect(objects.some((object) => object.endsWith(key))).toBe(true);

    const download = await fetch(`${server.baseURL}${horse.registrationDocument.url}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(papers)).toBe(true);
    const [firstPhoto] = horse.markingDocuments;
    const image = await fetch(`${server.baseURL}${firstPhoto?.url}`);
    expect(Buffer.from(await image.arrayBuffer()).equals(photo)).toBe(true);
  });

  it('debits through Stripe and settles on its signed webhook, mailing the payer over SMTP (STRIPE_*, SMTP_URL)', async () => {
    stripe.answer({ status: 200, body: paymentIntent('pi_built_bank', 'processing') });
    const paid = await api(`/api/members/payment-process/${horse._id}`, member, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'BuiltServerTest/1.0' },
      body: JSON.stringify({
        paymentMethodId: 'pm_built_bank',
        fees: { prepayDNAFee: false },
        checkedAgreement: true,
        billingInfo: {
          billingAddress: '1 Barn Road\nLexington, KY 40502',
          phoneNumber: '(859) 555-0100',
          email: BENCH_MEMBER.email,
          accountHolderName: 'Avery Walker',
          accountHolderSignature: SIGNATURE_DATA_URL,
          paymentInfo: {
            paymentMethod: 'Bank',
            bankAccount: {
              accountType: 'Checking',
              accountName: 'Avery Walker',
              bankName: 'Test Bank',
            },
          },
        },
      }),
    });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({
      paymentIntentId: 'pi_built_bank',
      paymentStatus: 'processing',
    });
    const [created] = stripe.requests.filter((request) => request.path === '/v1/payment_intents');
    expect(created?.headers.authorization).toBe('Bearer sk_test_built_server_options');
    expect(created?.form).toMatchObject({ payment_method: 'pm_built_bank', confirm: 'true' });

    const since = Date.now();
    const payload = JSON.stringify({
      id: 'evt_built_bank',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(since / 1000),
      data: { object: paymentIntent('pi_built_bank', 'succeeded') },
    });
    const forged = await api('/api/members/webhook-stripe', undefined, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: payload,
    });
    expect(forged.status).toBe(400);
    const delivered = await api('/api/members/webhook-stripe', undefined, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload) },
      body: payload,
    });
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toEqual({ received: true });
    const settled = await api(`/api/members/horses/${horse._id}`, member);
    expect(((await settled.json()) as { data: Horse }).data.paymentStatus).toBe('paid');
    const receipt = await waitForMail(BENCH_MEMBER.email, /payment received/, {
      since,
      mailbox: mail.httpURL,
    });
    expect(receipt.headers.from).toContain('office@registry.e2e.test');
  });

  it('approves the horse and renders its certificate PDF', async () => {
    const admin = await signIn('/api/auth/admin-login', BENCH_ADMIN);
    // A decision names the version of the record it was made on (docs/api.md "Approvals"),
    // read here from the PostgreSQL database the server writes to.
    const reviewed = await onPostgres(database.url, (client) =>
      client.query<{ version: number }>('select version from horses where id = $1', [horse._id]),
    );
    const approved = await api(`/api/admin/approve-horse/${horse._id}`, admin, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        'if-match': `"${reviewed.rows[0]?.version}"`,
      },
      body: JSON.stringify({ action: 'approve' }),
    });
    expect(approved.status).toBe(200);
    const number = ((await approved.json()) as { data: { registrationNum: string } }).data
      .registrationNum;
    expect(number).toMatch(/^GHR-\d{4}-\d{5}$/);
    // Written to PostgreSQL, the one database this server has.
    const row = await onPostgres(database.url, (client) =>
      client.query('select registration_number, payment_status from horses where id = $1', [
        horse._id,
      ]),
    );
    expect(row.rows).toEqual([{ registration_number: number, payment_status: 'paid' }]);

    const certificate = await api(`/api/members/horses/${horse._id}/certificate.pdf`, member);
    expect(certificate.status).toBe(200);
    expect(certificate.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await certificate.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');
  });

  it('scales a profile picture to 256×256 with sharp', async () => {
    const form = new FormData();
    const picture = demoPng(320, 200, [40, 90, 140]);
    form.append('profilePicture', new Blob([body(picture)], { type: 'image/png' }), 'me.png');
    const saved = await api('/api/members/profile/picture', member, { method: 'PUT', body: form });
    expect(saved.status).toBe(200);
    const link = ((await saved.json()) as { data: { profilePicture: string } }).data.profilePicture;
    const stored = await fetch(new URL(link, server.baseURL));
    expect(stored.status).toBe(200);
    expect(pngSize(Buffer.from(await stored.arrayBuffer()))).toEqual([256, 256]);
  });
});
