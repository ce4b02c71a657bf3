import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  MEMBER_A,
  MEMBER_B,
  bearer,
  createTestApp,
  login,
  type TestApp,
} from '../../test/harness.js';
import { createUrlSigner } from '../files/signed-urls.js';
import { DOWNLOAD_MESSAGES } from '../files/routes.js';

/** These tests read the demo horses (DEMO_DATA): a few per member, in every state. */
/** Demo horses are numbered like approvals: the default format carries the year. */
const YEAR = new Date().getUTCFullYear();
let t: TestApp;
let memberA: string;
let memberB: string;
beforeAll(async () => {
  t = await createTestApp({}, { demoHorses: true });
  [memberA, memberB] = await Promise.all([login(t.app, MEMBER_A), login(t.app, MEMBER_B)]);
});
afterAll(() => t.close());

interface Item {
  _id: string;
  firstChoice?: string;
  approvedName: string | null;
  registrationNum: string | null;
  approvalStatus: string;
  paymentStatus?: string;
}
/** The full record a list row opens (GET members/horses/:id, auth/horses/search/:id). */
interface Full extends Item {
  markingDocuments: Array<{ url: string; mime: string; name: string; size: number }>;
  registrationDocument?: { url: string; name: string } | null;
}
interface Page {
  items: Item[];
  total: number;
  page: number;
  pageSize: number;
}

async function get(url: string, token: string | null = memberA) {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}
async function page(url: string, token: string | null = memberA): Promise<Page> {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
async function record(url: string, token: string | null = memberA): Promise<Full> {
  const response = await get(url, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}
const names = (p: Page) => p.items.map((item) => item.approvedName ?? item.firstChoice);

describe('demo data', () => {
  it('gives each demo member horses in different states, with files', async () => {
    const mine = await page('/api/auth/horses?pageSize=20');
    expect(mine.total).toBe(4);
    const byName = Object.fromEntries(mine.items.map((item) => [item.firstChoice, item]));
    expect(byName['Midnight Glide']).toMatchObject({
      approvalStatus: 'pending',
      paymentStatus: 'unpaid',
    });
    expect(byName['Silver Step']).toMatchObject({
      approvalStatus: 'pending',
      paymentStatus: 'paid',
    });
    expect(byName['Easy Rack']).toMatchObject({
      approvalStatus: 'approved',
      approvedName: 'Easy Rack',
      registrationNum: `GHR-${YEAR}-00001`,
    });
    expect(byName['Blue Ridge Lady']).toMatchObject({ approvalStatus: 'rejected' });
    for (const item of mine.items) {
      const full = await record(`/api/members/horses/${item._id}`);
      expect(full.markingDocuments).toHaveLength(4);
      expect(full.registrationDocument).toMatchObject({ name: 'registration-papers.pdf' });
    }
    expect((await page('/api/auth/horses', memberB)).total).toBe(3);
  });
});

describe('GET /api/auth/horses', () => {
  it('lists only the member’s own horses, newest first, paged', async () => {
    const first = await page('/api/auth/horses?page=1&pageSize=3');
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(names(first)).toEqual(['Blue Ridge Lady', 'Easy Rack', 'Silver Step']);
    const second = await page('/api/auth/horses?page=2&pageSize=3');
    expect(names(second)).toEqual(['Midnight Glide']);
    // Past the end: no rows, and still the right total.
    expect(await page('/api/auth/horses?page=9')).toMatchObject({ items: [], total: 4 });
  });

  it('answers summaries: statuses, names and payment, no pedigree, owners or file links', async () => {
    const [row] = (await page('/api/auth/horses?approvalStatus=approved')).items;
    expect(Object.keys(row!).sort()).toEqual(
      [
        '_id',
        'approvedName',
        'approvalStatus',
        'changePending',
        'color',
        'createdAt',
        'damName',
        'feesPaid',
        'firstChoice',
        'foalDate',
        'gaitDesignation',
        'ownerId',
        'paymentIntentId',
        'paymentMode',
        'paymentStatus',
        'performanceVerification',
        'registrationNum',
        'rejectionReason',
        'secondChoice',
        'sex',
        'sireName',
        'stateFoaledIn',
        'thirdChoice',
        'updatedAt',
      ].sort(),
    );
    expect(row).toMatchObject({ sireName: 'Midnight Sun', changePending: false });
    expect(JSON.stringify(row)).not.toContain('/uploads/');
  });

  it('filters by approval status and finds by any of the names or the number', async () => {
    expect(names(await page('/api/auth/horses?approvalStatus=approved'))).toEqual(['Easy Rack']);
    expect(names(await page('/api/auth/horses?approvalStatus=rejected'))).toEqual([
      'Blue Ridge Lady',
    ]);
    expect(names(await page('/api/auth/horses?approvalStatus='))).toHaveLength(4);
    expect(names(await page('/api/auth/horses?q=GRAY%20ghost'))).toEqual(['Silver Step']);
    expect(names(await page(`/api/auth/horses?q=ghr-${YEAR}-00001`))).toEqual(['Easy Rack']);
    // Another member's horse is never found, by any name.
    expect((await page('/api/auth/horses?q=Copper')).total).toBe(0);
  });

  it('refuses bad paging and unknown statuses with field errors', async () => {
    const response = await get('/api/auth/horses?pageSize=1000&approvalStatus=lost');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['approvalStatus', 'pageSize']);
  });

  it('is for members only', async () => {
    expect((await get('/api/auth/horses', null)).statusCode).toBe(401);
    expect((await get('/api/auth/horses', await login(t.app, ADMIN, 'admin'))).statusCode).toBe(
      403,
    );
  });
});

describe('GET /api/auth/pending-horses', () => {
  it('lists the member’s pending horses', async () => {
    const pending = await page('/api/auth/pending-horses');
    expect(pending.total).toBe(2);
    expect(pending.items.every((item) => item.approvalStatus === 'pending')).toBe(true);
  });
});

describe('GET /api/auth/horses/search', () => {
  it('lists the approved horses of every member by approved name, without private parts', async () => {
    const all = await page('/api/auth/horses/search');
    expect(names(all)).toEqual(['Easy Rack', 'Golden Rhythm', 'Tennessee Waltz']);
    expect(all.items.map((item) => item.registrationNum)).toEqual([
      `GHR-${YEAR}-00001`,
      `GHR-${YEAR}-00002`,
      `GHR-${YEAR}-00003`,
    ]);
    // A row is a summary; the public record is opened by id.
    expect(JSON.stringify(all.items)).not.toContain('/uploads/');
    const horse = (await record(
      `/api/auth/horses/search/${all.items[1]!._id}`,
    )) as unknown as Record<string, unknown>;
    for (const key of [
      'ownerId',
      'ownerSignature',
      'registrationDocument',
      'performanceDocument',
      'paymentStatus',
      'firstChoice',
      'DNA_CASE',
    ]) {
      expect(horse).not.toHaveProperty(key);
    }
    expect(horse.owners).toEqual([{ name: 'Jordan Reed' }]);
    expect(horse.sire).toEqual(expect.not.objectContaining({ paperwork: expect.anything() }));
    expect((horse.markingDocuments as unknown[]).length).toBe(4);
  });

  it('opens only approved horses by id: pending, unknown and malformed ids are not found', async () => {
    const [pending] = (await page('/api/auth/pending-horses')).items;
    for (const id of [pending!._id, '00000000-0000-4000-8000-000000000000', 'x'.repeat(64)]) {
      const response = await get(`/api/auth/horses/search/${id}`);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ success: false, error: 'Horse not found' });
    }
    const admin = await login(t.app, ADMIN, 'admin');
    const [approved] = (await page('/api/auth/horses/search')).items;
    expect((await get(`/api/auth/horses/search/${approved!._id}`, admin)).statusCode).toBe(403);
    expect((await get(`/api/auth/horses/search/${approved!._id}`, null)).statusCode).toBe(401);
  });

  it('matches the approved name, registration number, sire and dam name', async () => {
    expect(names(await page('/api/auth/horses/search?q=rhythm'))).toEqual(['Golden Rhythm']);
    expect(names(await page(`/api/auth/horses/search?q=GHR-${YEAR}-00003`))).toEqual([
      'Tennessee Waltz',
    ]);
    // Sire "Midnight Sun": the approved Easy Rack, not the pending Midnight Glide.
    expect(names(await page('/api/auth/horses/search?q=midnight%20sun'))).toEqual(['Easy Rack']);
    // Dam "Waltz Time" and the name "Tennessee Waltz" are the same horse: listed once.
    expect(names(await page('/api/auth/horses/search?q=waltz'))).toEqual(['Tennessee Waltz']);
    // Sire "Copper King" has a pending foal (Copper Penny) and an approved one.
    expect(names(await page('/api/auth/horses/search?q=copper'))).toEqual(['Tennessee Waltz']);
    // LIKE wildcards are taken literally.
    expect((await page('/api/auth/horses/search?q=%25')).total).toBe(0);
    expect((await page('/api/auth/horses/search?q=_')).total).toBe(0);
  });

  it('filters by color, sex, gait and state, and pages', async () => {
    expect(names(await page('/api/auth/horses/search?color=Palomino'))).toEqual(['Golden Rhythm']);
    expect(names(await page('/api/auth/horses/search?sex=Mare'))).toEqual(['Tennessee Waltz']);
    expect(names(await page('/api/auth/horses/search?stateFoaledIn=Tennessee&color='))).toEqual([
      'Golden Rhythm',
      'Tennessee Waltz',
    ]);
    expect((await page('/api/auth/horses/search?gaitDesignation=Pacing')).total).toBe(0);
    const second = await page('/api/auth/horses/search?pageSize=2&page=2');
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(names(second)).toEqual(['Tennessee Waltz']);
    expect((await get('/api/auth/horses/search?color=Plaid')).statusCode).toBe(400);
  });

  it('is for members only', async () => {
    expect((await get('/api/auth/horses/search', null)).statusCode).toBe(401);
    const admin = await login(t.app, ADMIN, 'admin');
    expect((await get('/api/auth/horses/search', admin)).statusCode).toBe(403);
  });
});

describe('GET /uploads/:fileId (signed links)', () => {
  it('serves an image inline and a document as an attachment, with safe headers', async () => {
    const [row] = (await page('/api/auth/horses?approvalStatus=approved')).items;
    const horse = await record(`/api/members/horses/${row!._id}`);
    const photo = horse!.markingDocuments[0]!;
    const image = await get(photo.url, null);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toBe(
      `inline; filename="${photo.name}"; filename*=UTF-8''${photo.name}`,
    );
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const maxAge = Number(/max-age=(\d+)/.exec(String(image.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(3000);
    expect(maxAge).toBeLessThanOrEqual(3600 + 900);
    expect(image.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(image.rawPayload.length).toBe(photo.size);

    const document = await get(horse!.registrationDocument!.url, null);
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-disposition']).toMatch(
      /^attachment; filename="registration-papers.pdf"/,
    );
    expect(document.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a tampered, borrowed or expired link with 403, and an unknown file with 404', async () => {
    const [row] = (await page('/api/auth/horses')).items;
    const horse = await record(`/api/members/horses/${row!._id}`);
    const [first, second] = horse!.markingDocuments;
    const url = new URL(first!.url, 'http://x');
    const id = url.pathname.split('/').pop()!;
    const exp = url.searchParams.get('exp')!;
    const sig = url.searchParams.get('sig')!;
    const secondId = new URL(second!.url, 'http://x').pathname.split('/').pop();
    const tampered = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [
      `/uploads/${id}?exp=${exp}&sig=${tampered}`,
      `/uploads/${id}?exp=${Number(exp) + 900}&sig=${sig}`,
      `/uploads/${secondId}?exp=${exp}&sig=${sig}`,
      `/uploads/${id}`,
    ]) {
      const response = await get(bad, null);
      expect(response.statusCode, bad).toBe(403);
      expect(response.json()).toEqual({ success: false, error: DOWNLOAD_MESSAGES.badLink });
    }
    const signer = createUrlSigner('test-secret-that-is-long-enough-for-hs256-0123456789');
    const expired = signer.url(id, new Date(Date.now() - 2 * 60 * 60 * 1000));
    expect((await get(expired, null)).statusCode).toBe(403);
    const unknown = signer.url('00000000-0000-4000-8000-000000000000');
    expect((await get(unknown, null)).statusCode).toBe(404);
  });
});
