import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_A, MEMBER_B, bearer, type TestApp } from '../../test/harness.js';
import { registerThroughApi, userId } from '../../test/admin-fixtures.js';
import { logSafeUrl } from '../../plugins/log-safe-url.js';
import { EVERY_ACCOUNT, createSignedInApp } from '../../test/signed-in-app.js';
import { horseVersion } from '../../test/reviewed.js';

/** Issue 20 §3: links die with a transfer, and request logs never carry a link's signature. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let t: TestApp;
let admin: string;
let memberA: string;
let memberB: string;
beforeAll(async () => {
  ({ t, admin, memberA, memberB } = await createSignedInApp(
    EVERY_ACCOUNT,
    { logLevel: 'info' },
    { logStream },
  ));
}, 60_000);
afterAll(() => t?.close());

const LINK = /\/uploads\/[0-9a-f-]{36}\?exp=\d+&sig=[\w-]+/g;

async function linksSeenBy(token: string, horseId: string): Promise<string[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/members/horses/${horseId}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.body.match(LINK) ?? [];
}

const download = (url: string) => t.app.inject({ method: 'GET', url });

describe('signed download links', () => {
  it('stop working for the previous owner when the horse is transferred', async () => {
    const horse = await registerThroughApi(t.app, t.database.db, memberA);
    const before = await linksSeenBy(memberA, horse.id);
    expect(before.length).toBeGreaterThan(0);
    for (const url of before) expect((await download(url)).statusCode).toBe(200);

    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/transfer-horse-ownership',
      headers: bearer(admin),
      payload: {
        horseId: horse.id,
        version: await horseVersion(t.database.db, horse.id),
        newOwnerId: await userId(t.database.db, MEMBER_B.email),
      },
    });
    expect(moved.statusCode).toBe(200);

    for (const url of before) expect((await download(url)).statusCode).toBe(403);
    const after = await linksSeenBy(memberB, horse.id);
    expect(after.length).toBe(before.length);
    for (const url of after) expect((await download(url)).statusCode).toBe(200);
  });

  it('stay dead when the horse comes back to its earlier owner (A -> B -> A)', async () => {
    const horse = await registerThroughApi(t.app, t.database.db, memberA);
    const first = await linksSeenBy(memberA, horse.id);
    expect(first.length).toBeGreaterThan(0);
    const move = async (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/transfer-horse-ownership',
        headers: bearer(admin),
        payload: {
          horseId: horse.id,
          version: await horseVersion(t.database.db, horse.id),
          newOwnerId: await userId(t.database.db, email),
        },
      });
    expect((await move(MEMBER_B.email)).statusCode).toBe(200);
    expect((await move(MEMBER_A.email)).statusCode).toBe(200);

    // Same owner as when they were made, but two transfers later: still refused.
    for (const url of first) expect((await download(url)).statusCode).toBe(403);
    const again = await linksSeenBy(memberA, horse.id);
    expect(again).not.toEqual(first);
    for (const url of again) expect((await download(url)).statusCode).toBe(200);
  });

  it('are logged without their signature', async () => {
    const horse = await registerThroughApi(t.app, t.database.db, memberA);
    const [url] = await linksSeenBy(memberA, horse.id);
    if (!url) throw new Error('no link');
    logLines.length = 0;
    expect((await download(url)).statusCode).toBe(200);
    const signature = new URL(url, 'http://x').searchParams.get('sig') ?? '';
    expect(signature.length).toBeGreaterThan(20);
    const log = logLines.join('');
    expect(log).toContain(url.slice(0, url.indexOf('&sig=')));
    expect(log).toContain('sig=[redacted]');
    expect(log).not.toContain(signature);
  });
});

describe('logSafeUrl', () => {
  it('replaces only the signature, however it is spelled', () => {
    expect(logSafeUrl('/uploads/a?exp=1&sig=abc')).toBe('/uploads/a?exp=1&sig=[redacted]');
    expect(logSafeUrl('/uploads/a?%73ig=abc&exp=1')).toBe('/uploads/a?%73ig=[redacted]&exp=1');
    expect(logSafeUrl('/api/horses?page=2')).toBe('/api/horses?page=2');
    expect(logSafeUrl('/uploads/a')).toBe('/uploads/a');
  });
});
