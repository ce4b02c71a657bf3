import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TRANSFER_MESSAGES } from '@registry/domain';
import { horses, users } from '../../db/schema.js';
import { MEMBER_B, bearer, type TestApp } from '../../test/harness.js';
import { registerThroughApi, userId } from '../../test/admin-fixtures.js';
import { EVERY_ACCOUNT, createSignedInApp } from '../../test/signed-in-app.js';
import { asReviewed, horseVersion } from '../../test/reviewed.js';
import { pdfText } from '../../test/pdf-text.js';

let t: TestApp;
let admin: string;
let memberA: string;
let memberB: string;
let b: string;
let c: string;
beforeAll(async () => {
  ({ t, admin, memberA, memberB } = await createSignedInApp(EVERY_ACCOUNT));
  b = await userId(t.database.db, MEMBER_B.email);
  const [third] = await t.database.db
    .insert(users)
    .values({
      email: 'casey@example.org',
      role: 'member',
      firstName: 'Casey',
      lastName: 'Morgan',
      memberNumber: 'M-7777',
      address: '9 Mill Lane',
      city: 'Franklin',
      state: 'Tennessee',
      zip: '37064',
    })
    .returning();
  c = third!.id;
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });

async function approvedHorse(suffix: string) {
  const row = await registerThroughApi(t.app, t.database.db, memberA, {
    firstChoice: `Record Keeper ${suffix}`,
    secondChoice: `Record Keeper ${suffix} II`,
    thirdChoice: `Record Keeper ${suffix} III`,
  });
  await t.database.db.update(horses).set({ paymentStatus: 'paid' }).where(eq(horses.id, row.id));
  const approved = await inject('PUT', `/api/admin/approve-horse/${row.id}`, admin, {
    action: 'approve',
    version: await horseVersion(t.database.db, row.id),
  });
  expect(approved.statusCode).toBe(200);
  return { id: row.id, number: approved.json().data.registrationNum as string };
}

const transfer = async (payload: Record<string, unknown>) =>
  inject(
    'POST',
    '/api/admin/transfer-horse-ownership',
    admin,
    await asReviewed(t.database.db, '/api/admin/transfer-horse-ownership', payload),
  );

describe('a transfer replaces the owners of record', () => {
  it('single: the new owner is the owner on the record, certificate and verify page', async () => {
    const horse = await approvedHorse('A');
    const before = await inject('GET', `/api/public/verify/${horse.number}`);
    expect(before.json().data.owners).toEqual(['Avery Walker']);

    expect((await transfer({ horseId: horse.id, newOwnerId: b })).statusCode).toBe(200);

    const record = (await inject('GET', `/api/members/horses/${horse.id}`, memberB)).json().data;
    expect(record.ownerType).toBe('Single');
    expect(record.owners).toEqual([
      expect.objectContaining({ memberNum: 'M-0002', name: 'Jordan Reed', city: 'Shelbyville' }),
    ]);
    const verify = (await inject('GET', `/api/public/verify/${horse.number}`)).json().data;
    expect(verify.owners).toEqual(['Jordan Reed']);

    const pdf = await inject('GET', `/api/members/horses/${horse.id}/certificate.pdf`, memberB);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Jordan Reed');
    expect(text).not.toContain('Avery Walker');

    // The previous owners stay in the history.
    const history = (await inject('GET', `/api/admin/horses/${horse.id}`, admin)).json().data
      .history as Array<{ type: string; details: Record<string, unknown> }>;
    expect(history.find((h) => h.type === 'transferred')?.details).toMatchObject({
      previousOwners: [{ name: 'Avery Walker', memberNum: 'M-0001' }],
      owners: [{ name: 'Jordan Reed', memberNum: 'M-0002' }],
    });
  });

  it('joint with another member: both are owners of record, the new owner first', async () => {
    const horse = await approvedHorse('B');
    const response = await transfer({
      horseId: horse.id,
      newOwnerId: b,
      ownerType: 'Joint',
      coOwnerId: c,
    });
    expect(response.statusCode).toBe(200);
    const record = (await inject('GET', `/api/members/horses/${horse.id}`, memberB)).json().data;
    expect(record.ownerType).toBe('Joint');
    expect(record.owners.map((o: { memberNum: string }) => o.memberNum)).toEqual([
      'M-0002',
      'M-7777',
    ]);
    expect(record.owners[1]).toMatchObject({ address: '9 Mill Lane', zip: '37064' });
    const verify = (await inject('GET', `/api/public/verify/${horse.number}`)).json().data;
    expect(verify.owners).toEqual(['Jordan Reed', 'Casey Morgan']);
    const text = pdfText(
      (await inject('GET', `/api/admin/horses/${horse.id}/certificate.pdf`, admin)).rawPayload,
    );
    expect(text).toContain('Jordan Reed');
    expect(text).toContain('Casey Morgan');
  });

  it('joint with a person who is not a member, marked as such', async () => {
    const horse = await approvedHorse('C');
    const coOwner = {
      name: 'Pat Doe',
      address: '1 Ridge Road',
      city: 'Ocala',
      state: 'Florida',
      zip: '34470',
    };
    const response = await transfer({
      horseId: horse.id,
      newOwnerId: b,
      ownerType: 'Joint',
      coOwner,
    });
    expect(response.statusCode).toBe(200);
    const record = (await inject('GET', `/api/members/horses/${horse.id}`, memberB)).json().data;
    expect(record.owners[1]).toEqual({
      memberNum: '',
      nonMember: true,
      country: 'United States',
      ...coOwner,
    });
  });

  it('refuses a missing, doubled, unknown or misplaced co-owner with 4xx', async () => {
    const horse = await approvedHorse('D');
    const cases: Array<[object, number, string]> = [
      [{ ownerType: 'Joint' }, 400, TRANSFER_MESSAGES.coOwnerNeeded],
      [{ ownerType: 'Joint', coOwnerId: c, coOwner: { name: 'x' } }, 400, ''],
      [{ ownerType: 'Single', coOwnerId: c }, 400, TRANSFER_MESSAGES.coOwnerOnlyJoint],
      [{ ownerType: 'Joint', coOwnerId: b }, 400, TRANSFER_MESSAGES.coOwnerSame],
      [
        { ownerType: 'Joint', coOwnerId: crypto.randomUUID() },
        404,
        TRANSFER_MESSAGES.coOwnerNotFound,
      ],
      [{ ownerType: 'Joint', coOwner: { name: '' } }, 400, ''],
      [{ ownerType: 'Both' }, 400, ''],
    ];
    for (const [extra, status, message] of cases) {
      const response = await transfer({ horseId: horse.id, newOwnerId: b, ...extra });
      expect(response.statusCode, JSON.stringify(extra)).toBe(status);
      expect(response.json().success).toBe(false);
      if (message) expect(JSON.stringify(response.json())).toContain(message);
    }
    // Nothing moved.
    const record = (await inject('GET', `/api/members/horses/${horse.id}`, memberA)).json().data;
    expect(record.owners.map((o: { name: string }) => o.name)).toEqual(['Avery Walker']);
  });
});

describe('GET /api/public/verify/:registrationNumber', () => {
  it('shows sex, colour, foal year and the owners’ names, and nothing private', async () => {
    const horse = await approvedHorse('E');
    const response = await inject('GET', `/api/public/verify/${horse.number}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    const [row] = await t.database.db.select().from(horses).where(eq(horses.id, horse.id));
    expect(data).toEqual({
      registrationNumber: horse.number,
      name: 'Record Keeper E',
      status: 'approved',
      verified: false,
      sex: row!.sex,
      color: row!.color,
      foalYear: Number(row!.foalDate.slice(0, 4)),
      owners: ['Avery Walker'],
    });
    expect(response.body).not.toMatch(/M-0001|memberNum|address|Barn Road|@|ownerId|sire|zip/i);
  });
});
