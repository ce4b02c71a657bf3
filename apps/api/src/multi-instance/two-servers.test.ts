import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { auditLog, horses, mailOutbox } from '../db/schema.js';
import { eventually, until } from '../test/eventually.js';
import { bankPayment, SANDBOX_METHODS } from '../test/payment-fixtures.js';
import { cloneHorses, userId } from '../test/admin-fixtures.js';
import { ADMIN, createServerDatabase, MEMBER_A, MEMBER_B } from '../test/harness.js';
import { REGISTER, buildForm, encodeForm, validFiles, validValues } from '../test/multipart.js';
import { startLocalS3, type LocalS3 } from '../test/s3-server.js';
import { startRoundRobinProxy } from '../test/round-robin-proxy.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';

/**
 * Several instances, proven (docs/operations.md "Several instances"): two server processes on
 * one PostgreSQL database and one S3-compatible bucket, sharing JWT_SECRET, as a load balancer
 * would run them. Each request goes to the instance the test names, so every step shows a
 * write on one and its effect on the other. Always on the real PostgreSQL server: the embedded
 * database belongs to one process.
 */
let target: Awaited<ReturnType<typeof createServerDatabase>>;
let s3: LocalS3;
let database: Database;
let a: ServerProcess;
let b: ServerProcess;
/** Each instance's own DATA_DIR: without SMTP_URL its mail is written there as .eml files. */
const dataDirs = [
  mkdtempSync(path.join(tmpdir(), 'registry-a-')),
  mkdtempSync(path.join(tmpdir(), 'registry-b-')),
];

beforeAll(async () => {
  target = await createServerDatabase();
  s3 = await startLocalS3('registry-two-servers');
  const env = {
    DATABASE_URL: target.url,
    STORAGE_URL: s3.url,
    // Each test signs in several times from one address.
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
    // Read copies on, as shipped: they must be dropped across instances.
    READ_CACHE_SECONDS: '30',
    // Sandbox bank debits settle quickly, so both instances' sweepers race for them.
    SANDBOX_BANK_SETTLE_MS: '300',
  };
  // One after the other: the first creates the schema and the demo data.
  a = await startServerProcess({ ...env, DATA_DIR: dataDirs[0] ?? '' });
  b = await startServerProcess({ ...env, DATA_DIR: dataDirs[1] ?? '' });
  database = await openDatabase({ databaseUrl: target.url, dataDir: undefined });
}, 180_000);

afterAll(async () => {
  await a?.kill('SIGTERM');
  await b?.kill('SIGTERM');
  await database?.close();
  await s3?.stop();
  await target?.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** What these tests read of the answers of several routes. */
interface Data {
  [key: string]: unknown;
  token?: string;
  _id?: string;
  items?: { id?: string; _id?: string }[];
  registrationDocument?: { url: string } | null;
  registrationNum?: string;
  firstChoice?: string;
}
type Json = {
  success: boolean;
  data: Data;
  error?: string;
  conflict?: { currentVersion: number };
};

/** Where a request goes: one instance, or the round-robin proxy in front of both. */
type Endpoint = Pick<ServerProcess, 'baseURL'>;

async function call(
  server: Endpoint,
  method: string,
  url: string,
  options: {
    token?: string;
    json?: unknown;
    body?: Buffer;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; json: Json; bytes: Buffer }> {
  const response = await fetch(`${server.baseURL}${url}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}),
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  let json: Json = { success: false, data: {} };
  if (String(response.headers.get('content-type')).includes('json')) {
    json = JSON.parse(bytes.toString('utf8')) as Json;
  }
  return { status: response.status, json, bytes };
}

async function signIn(
  server: Endpoint,
  who: { email: string; password: string },
  portal: 'admin' | 'member' = 'member',
): Promise<string> {
  const url = portal === 'admin' ? '/api/auth/admin-login' : '/api/auth/login';
  const answer = await call(server, 'POST', url, { json: who });
  if (answer.status !== 200)
    throw new Error(`sign-in failed: ${answer.status} ${answer.json.error}`);
  return answer.json.data.token as string;
}

/**
 * Registers a horse with its files through `server` and answers its id. Its three names are its
 * own: a name an approved (demo) horse carries is refused at registration.
 */
async function registerOn(server: Endpoint, token: string, firstChoice: string) {
  const names = {
    firstChoice,
    secondChoice: `${firstChoice} Two`,
    thirdChoice: `${firstChoice} Three`,
  };
  const { payload, headers } = await encodeForm(
    buildForm({ ...validValues(), ...names }, validFiles()),
  );
  const created = await call(server, REGISTER.method, REGISTER.url, {
    token,
    body: payload,
    headers,
  });
  expect(created.status).toBe(201);
  return created.json.data._id as string;
}

/** A paid pending horse (a row copy, no files) with names of its own: approved names are unique. */
async function pendingPaidHorse(name: string) {
  const [source] = await database.db
    .select()
    .from(horses)
    .where(eq(horses.approvalStatus, 'pending'))
    .limit(1);
  if (!source) throw new Error('no pending horse to copy');
  const [row] = await cloneHorses(database.db, source, 1, {
    paymentStatus: 'paid',
    firstChoice: name,
    secondChoice: `${name} Two`,
    thirdChoice: `${name} Three`,
  });
  if (!row) throw new Error('no row');
  return row;
}

describe('sessions across instances', () => {
  it('a sign-in on one is valid on the other; a sign-out on one is refused at once on the other', async () => {
    const token = await signIn(a, MEMBER_B);
    expect((await call(b, 'GET', '/api/auth/me', { token })).status).toBe(200);
    // Warm the other instance's copy of the session check, then end the session on the first.
    expect((await call(b, 'GET', '/api/auth/horses', { token })).status).toBe(200);
    expect((await call(a, 'POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await call(b, 'GET', '/api/auth/me', { token })).status).toBe(401);
    expect((await call(b, 'GET', '/api/auth/horses', { token })).status).toBe(401);
  });

  it('a sign-out on one is refused on the other however soon the next request comes', async () => {
    // One try can pass by luck: the other instance may hear of the sign-out before the next
    // request arrives. Many tries, each with a warm copy on the other, make the race show.
    for (let round = 0; round < 30; round += 1) {
      const token = await signIn(a, MEMBER_B);
      expect((await call(b, 'GET', '/api/auth/me', { token })).status).toBe(200);
      expect((await call(a, 'POST', '/api/auth/logout', { token })).status).toBe(200);
      expect((await call(b, 'GET', '/api/auth/me', { token })).status, `round ${round}`).toBe(401);
    }
  });

  it('a deactivation on one refuses the member at once on the other, and activation restores sign-in', async () => {
    const admin = await signIn(a, ADMIN, 'admin');
    const member = await signIn(b, MEMBER_B);
    expect((await call(b, 'GET', '/api/auth/horses', { token: member })).status).toBe(200);
    const id = await userId(database.db, MEMBER_B.email);
    expect(
      (await call(a, 'PUT', `/api/admin/member/${id}/deactivate`, { token: admin })).status,
    ).toBe(200);
    expect((await call(b, 'GET', '/api/auth/horses', { token: member })).status).toBe(401);
    expect(
      (await call(b, 'PUT', `/api/admin/member/${id}/activate`, { token: admin })).status,
    ).toBe(200);
    expect((await call(a, 'POST', '/api/auth/login', { json: MEMBER_B })).status).toBe(200);
  });

  it("a password change on one ends the member's other sessions at once on the other", async () => {
    const changed = { ...MEMBER_B, password: `${MEMBER_B.password}-Changed9` };
    const before = await signIn(b, MEMBER_B);
    const current = await signIn(a, MEMBER_B);
    expect((await call(b, 'GET', '/api/auth/horses', { token: before })).status).toBe(200);
    const change = (from: typeof MEMBER_B, to: typeof MEMBER_B, token: string) =>
      call(a, 'PUT', '/api/members/change-memberPassword', {
        token,
        json: { currentPassword: from.password, newPassword: to.password },
      });
    expect((await change(MEMBER_B, changed, current)).status).toBe(200);
    try {
      expect((await call(b, 'GET', '/api/auth/horses', { token: before })).status).toBe(401);
      expect((await call(b, 'POST', '/api/auth/login', { json: MEMBER_B })).status).toBe(401);
      const fresh = await signIn(b, changed);
      expect((await call(a, 'GET', '/api/auth/me', { token: fresh })).status).toBe(200);
    } finally {
      // The later tests sign in with the fixture's password.
      expect((await change(changed, MEMBER_B, await signIn(a, changed))).status).toBe(200);
    }
  });
});

describe('records across instances', () => {
  it('a horse registered with files through one is listed, searchable, viewable and downloadable through the other at once', async () => {
    const member = await signIn(a, MEMBER_A);
    // Warm the other instance's copies of the list and the search first.
    expect((await call(b, 'GET', '/api/auth/horses', { token: member })).status).toBe(200);
    const id = await registerOn(a, member, 'Crossing Over');

    const list = await call(b, 'GET', '/api/auth/horses?pageSize=50', { token: member });
    const ids = (list.json.data.items as { id?: string; _id?: string }[]).map((h) => h.id ?? h._id);
    expect(ids).toContain(id);

    const record = await call(b, 'GET', `/api/members/horses/${id}`, { token: member });
    expect(record.status).toBe(200);
    const document = record.json.data.registrationDocument as { url: string } | null;
    expect(document?.url).toBeTruthy();
    const download = await fetch(`${b.baseURL}${document?.url}`);
    expect(download.status).toBe(200);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('%PDF');

    const admin = await signIn(b, ADMIN, 'admin');
    // The office's search on the first instance finds it by name.
    const found = await call(a, 'GET', '/api/admin/horses?q=Crossing%20Over', { token: admin });
    const foundIds = (found.json.data.items as { id?: string; _id?: string }[]).map(
      (h) => h.id ?? h._id,
    );
    expect(foundIds).toEqual([id]);
    const pending = await call(a, 'GET', '/api/admin/pending-horses?pageSize=100', {
      token: admin,
    });
    const pendingIds = (pending.json.data.items as { id?: string; _id?: string }[]).map(
      (h) => h.id ?? h._id,
    );
    expect(pendingIds).toContain(id);
  });

  it('a list copy on the other is never served after a horse deleted through one', async () => {
    const member = await signIn(a, MEMBER_A);
    const listOnB = async () => {
      const list = await call(b, 'GET', '/api/auth/horses?pageSize=100', { token: member });
      expect(list.status).toBe(200);
      return (list.json.data.items ?? []).map((h) => h.id ?? h._id);
    };
    // A deletion answers within milliseconds, so the next read races the other's notification.
    const ids: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      ids.push(await registerOn(a, member, `Short Stay ${round}`));
    }
    for (const [round, id] of ids.entries()) {
      expect(await listOnB()).toContain(id);
      expect((await call(a, 'DELETE', `/api/members/horses/${id}`, { token: member })).status).toBe(
        200,
      );
      expect(await listOnB(), `round ${round}`).not.toContain(id);
    }
  });

  it('approvals of many horses in parallel across both give unique, gap-free numbers', async () => {
    const rows = await Promise.all(
      Array.from({ length: 12 }, (_, i) => pendingPaidHorse(`Parallel ${i}`)),
    );
    const admins = [await signIn(a, ADMIN, 'admin'), await signIn(b, ADMIN, 'admin')];
    const answers = await Promise.all(
      rows.map((row, i) =>
        call(i % 2 === 0 ? a : b, 'PUT', `/api/admin/approve-horse/${row.id}`, {
          token: admins[i % 2],
          json: { action: 'approve', approvedName: row.firstChoice, version: row.version },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(rows.map(() => 200));
    const numbers = answers.map((answer) => answer.json.data.registrationNum as string);
    const sequence = numbers
      .map((number) => Number(number.split('-').at(-1)))
      .sort((x, y) => x - y);
    expect(new Set(numbers).size).toBe(rows.length);
    const first = sequence[0] ?? 0;
    expect(sequence).toEqual(sequence.map((_, i) => first + i));
  });
});

describe('one horse, two decisions at once', () => {
  it('a transfer on one and an approval on the other, both made on the same version: one is taken, the other gets 409 and a second look', async () => {
    const row = await pendingPaidHorse('Both At Once');
    const newOwnerId = await userId(database.db, MEMBER_B.email);
    const [adminA, adminB] = [await signIn(a, ADMIN, 'admin'), await signIn(b, ADMIN, 'admin')];
    const [transfer, approval] = await Promise.all([
      call(a, 'POST', '/api/admin/transfer-horse-ownership', {
        token: adminA,
        json: { horseId: row.id, newOwnerId, version: row.version },
      }),
      call(b, 'PUT', `/api/admin/approve-horse/${row.id}`, {
        token: adminB,
        json: { action: 'approve', approvedName: row.firstChoice, version: row.version },
      }),
    ]);
    expect([transfer.status, approval.status].sort()).toEqual([200, 409]);
    const loser = transfer.status === 409 ? transfer : approval;
    expect(loser.json.conflict?.currentVersion).toBe(row.version + 1);
    const [after] = await database.db.select().from(horses).where(eq(horses.id, row.id));
    expect(after).toMatchObject(
      transfer.status === 200
        ? { ownerId: newOwnerId, approvalStatus: 'pending', registrationNumber: null }
        : { ownerId: row.ownerId, approvalStatus: 'approved', approvedName: 'Both At Once' },
    );
    // Both instances answer the same record.
    const [viewA, viewB] = await Promise.all([
      call(a, 'GET', `/api/admin/horses/${row.id}`, { token: adminA }),
      call(b, 'GET', `/api/admin/horses/${row.id}`, { token: adminB }),
    ]);
    const record = {
      approvalStatus: after?.approvalStatus,
      ownerId: after?.ownerId,
      version: after?.version,
      registrationNum: after?.registrationNumber,
    };
    expect(viewA.json.data).toMatchObject(record);
    expect(viewB.json.data).toMatchObject(record);
  });
});

/** Delivered mail of both instances (one .eml file per message sent) that mentions `text`. */
function deliveredMentioning(text: string): number {
  let count = 0;
  for (const dir of dataDirs) {
    const mailDir = path.join(dir, 'mail');
    let names: string[] = [];
    try {
      names = readdirSync(mailDir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (readFileSync(path.join(mailDir, name), 'utf8').includes(text)) count += 1;
    }
  }
  return count;
}

describe('background work on both instances', () => {
  it('settles a bank debit once and mails its result once, with both sweepers and outboxes running', async () => {
    const member = await signIn(a, MEMBER_A);
    const name = 'Settles Once';
    const id = await registerOn(a, member, name);
    const queuedBefore = await database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(like(mailOutbox.text, `%${name}%`));

    const paid = await call(b, 'POST', `/api/members/payment-process/${id}`, {
      token: member,
      json: bankPayment(SANDBOX_METHODS.bankSettles),
    });
    expect(paid.status).toBe(200);
    const settledAudits = () =>
      database.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'payment.settled'), eq(auditLog.subject, id)));
    await eventually(async () => expect((await settledAudits()).length).toBeGreaterThan(0), 20_000);
    // Several more sweeps of both instances: none may settle it again.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await settledAudits()).toHaveLength(1);
    const queuedAfter = await database.db
      .select({ id: mailOutbox.id, sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(like(mailOutbox.text, `%${name}%`));
    expect(queuedAfter.length - queuedBefore.length).toBe(1);
    await until(
      () => deliveredMentioning(name) === queuedAfter.length,
      'mail is delivered',
      30_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(deliveredMentioning(name)).toBe(queuedAfter.length);
  }, 60_000);
});

describe('behind a round-robin balancer', () => {
  it("a member's consecutive calls alternate between the instances and every step sees the one before", async () => {
    const proxy = await startRoundRobinProxy([a.baseURL, b.baseURL]);
    try {
      const ids = (data: Data) => (data.items ?? []).map((h) => h.id ?? h._id);
      const token = await signIn(proxy, MEMBER_A);
      const id = await registerOn(proxy, token, 'Through The Balancer');
      // Two lists in a row: one from each instance, both with the horse just registered.
      for (let i = 0; i < 2; i += 1) {
        const list = await call(proxy, 'GET', '/api/auth/horses?pageSize=100', { token });
        expect(ids(list.json.data)).toContain(id);
      }
      const record = await call(proxy, 'GET', `/api/members/horses/${id}`, { token });
      expect(record.json.data.firstChoice).toBe('Through The Balancer');
      const download = await call(proxy, 'GET', record.json.data.registrationDocument?.url ?? '');
      expect(download.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');

      const admin = await signIn(proxy, ADMIN, 'admin');
      for (let i = 0; i < 2; i += 1) {
        const found = await call(proxy, 'GET', '/api/admin/horses?q=Through%20The%20Balancer', {
          token: admin,
        });
        expect(ids(found.json.data)).toEqual([id]);
      }

      expect((await call(proxy, 'POST', '/api/auth/logout', { token })).status).toBe(200);
      // Both instances refuse the ended session at once.
      expect((await call(proxy, 'GET', '/api/auth/me', { token })).status).toBe(401);
      expect((await call(proxy, 'GET', '/api/auth/me', { token })).status).toBe(401);

      // Twelve calls, six answered by each instance.
      expect(proxy.forwarded).toEqual([6, 6]);
    } finally {
      await proxy.close();
    }
  });
});

describe('losing an instance', () => {
  it('keeps what was acknowledged and the other keeps serving', async () => {
    const member = await signIn(b, MEMBER_A);
    const id = await registerOn(a, member, 'Still Here');
    await a.kill('SIGKILL');
    const record = await call(b, 'GET', `/api/members/horses/${id}`, { token: member });
    expect(record.status).toBe(200);
    expect(record.json.data.firstChoice).toBe('Still Here');
    expect((await call(b, 'GET', '/api/health')).status).toBe(200);
  });
});
