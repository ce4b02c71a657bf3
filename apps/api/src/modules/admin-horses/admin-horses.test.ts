import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, horseFiles, horses, payments } from '../../db/schema.js';
import { ADMIN, MEMBER_A, bearer } from '../../test/harness.js';
import { cloneHorses, registerThroughApi, userId } from '../../test/admin-fixtures.js';
import {
  SAMPLE_BYTES,
  filesUnder,
  sendForm,
  upload,
  validFiles,
  validEditValues,
  validValues,
} from '../../test/multipart.js';
import { EVERY_ACCOUNT, demoMemberIds, signedInSuite } from '../../test/signed-in-app.js';
import { horseVersion } from '../../test/reviewed.js';

const suite = signedInSuite(EVERY_ACCOUNT);
/** The user ids of demo members A and B. */
let a: string, b: string;
beforeAll(async () => {
  [a, b] = await demoMemberIds(suite.t.database.db);
});

const get = (url: string) =>
  suite.t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(suite.admin) });

describe('admin horse lists', () => {
  it('lists every horse with filters, owner search, sorting and paging', async () => {
    const first = await registerThroughApi(suite.t.app, suite.t.database.db, suite.memberA, {
      firstChoice: 'Alpha Star',
    });
    await cloneHorses(suite.t.database.db, first, 2, { paymentStatus: 'paid' });
    await registerThroughApi(suite.t.app, suite.t.database.db, suite.memberB, {
      firstChoice: 'Beta Wind',
    });

    const all = (await get('/admin/horses?pageSize=100')).json().data;
    expect(all.total).toBe(4);
    expect(all.items[0].owner).toMatchObject({ email: expect.any(String), active: true });

    const paid = (await get('/admin/horses?paymentStatus=paid')).json().data;
    expect(paid.total).toBe(2);
    const ofB = (await get(`/admin/horses/search?ownerId=${b}`)).json().data;
    expect(ofB.items.map((h: { firstChoice: string }) => h.firstChoice)).toEqual(['Beta Wind']);
    const byOwnerEmail = (await get('/admin/horses?q=member2%40example')).json().data;
    expect(byOwnerEmail.total).toBe(1);
    const byName = (await get('/admin/horses?q=alpha')).json().data;
    expect(byName.total).toBe(3);

    const sorted = (await get('/admin/horses?sort=name&order=asc&pageSize=2&page=2')).json().data;
    expect(sorted.items).toHaveLength(2);
    expect(sorted.page).toBe(2);
    const names = (await get('/admin/horses?sort=name&order=asc'))
      .json()
      .data.items.map((h: { firstChoice: string }) => h.firstChoice.toLowerCase());
    expect(names).toEqual([...names].sort());

    const pending = (await get('/admin/pending-horses')).json().data;
    expect(pending.total).toBe(4);
    const searchPending = (await get('/admin/horses/search?approvalStatus=pending&q=beta')).json()
      .data;
    expect(searchPending.total).toBe(1);
    expect((await get('/admin/horses?approvalStatus=maybe')).statusCode).toBe(400);
    expect((await get('/admin/horses?sort=secret')).statusCode).toBe(400);
  });
});

describe('admin horse view, edit, create, delete', () => {
  it('shows the full registration with a history of submitted, paid, approved and edited', async () => {
    const row = await registerThroughApi(suite.t.app, suite.t.database.db, suite.memberA);
    await suite.t.database.db.insert(payments).values({
      horseId: row.id,
      payerId: a,
      provider: 'sandbox',
      method: 'card',
      idempotencyKey: `hist-${row.id}`,
      amountCents: 3000,
      fees: {},
      status: 'succeeded',
    });
    await suite.t.database.db
      .update(horses)
      .set({ paymentStatus: 'paid' })
      .where(eq(horses.id, row.id));
    await suite.t.app.inject({
      method: 'PUT',
      url: `/api/admin/approve-horse/${row.id}`,
      headers: bearer(suite.admin),
      payload: { action: 'approve', version: await horseVersion(suite.t.database.db, row.id) },
    });
    const edit = await sendForm(
      suite.t.app,
      suite.admin,
      { method: 'PUT', url: `/api/admin/horses/${row.id}` },
      validEditValues({ color: 'Black' }),
      [],
    );
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ color: 'Black', approvalStatus: 'approved' });
    expect(edit.json().data.registrationNum).toBeTruthy();

    const detail = (await get(`/admin/horses/${row.id}`)).json().data;
    expect(detail.registrationDocument.url).toMatch(/^\/uploads\//);
    expect(detail.owner.email).toBe(MEMBER_A.email);
    expect(detail.history.map((h: { type: string }) => h.type)).toEqual([
      'submitted',
      'paid',
      'approved',
      'edited',
    ]);
    const edited = detail.history[3];
    expect(edited.by.email).toBe(ADMIN.email);
    expect(detail.history[0].by.email).toBe(MEMBER_A.email);
    expect((await get(`/admin/horses/${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it("edits any member's horse with the member rules: bad input is 400 and changes nothing", async () => {
    const row = await registerThroughApi(suite.t.app, suite.t.database.db, suite.memberB);
    const bad = await sendForm(
      suite.t.app,
      suite.admin,
      { method: 'PUT', url: `/api/admin/horses/${row.id}` },
      validEditValues({ foalDate: '2999-01-01' }),
      [['registrationDocument', upload('new.pdf', SAMPLE_BYTES.pdf(), 'application/pdf')]],
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.foalDate).toBeTruthy();
    const [still] = await suite.t.database.db.select().from(horses).where(eq(horses.id, row.id));
    expect(still?.foalDate).toBe(row.foalDate);
    expect(filesUnder(`${suite.t.uploadsDir}/tmp`)).toEqual([]);

    const replaced = await sendForm(
      suite.t.app,
      suite.admin,
      { method: 'PUT', url: `/api/admin/horses/${row.id}` },
      validEditValues(),
      [['registrationDocument', upload('new.pdf', SAMPLE_BYTES.pdf(), 'application/pdf')]],
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.registrationDocument.name).toBe('new.pdf');
  });

  it("creates a horse on a member's behalf, unpaid and pending, owned by that member", async () => {
    const response = await sendForm(
      suite.t.app,
      suite.admin,
      { method: 'POST', url: `/api/admin/horses?ownerId=${b}` },
      validValues(),
      validFiles(),
    );
    expect(response.statusCode).toBe(201);
    const horse = response.json().data;
    expect(horse).toMatchObject({ ownerId: b, approvalStatus: 'pending', paymentStatus: 'unpaid' });
    const mine = await suite.t.app.inject({
      method: 'GET',
      url: `/api/members/horses/${horse._id}`,
      headers: bearer(suite.memberB),
    });
    expect(mine.statusCode).toBe(200);
    const [entry] = await suite.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'horse.admin-create'), eq(auditLog.subject, horse._id)));
    expect(entry?.details).toMatchObject({ ownerId: b });

    const adminId = await userId(suite.t.database.db, ADMIN.email);
    const notMember = await sendForm(
      suite.t.app,
      suite.admin,
      { method: 'POST', url: `/api/admin/horses?ownerId=${adminId}` },
      validValues(),
      validFiles(),
    );
    expect(notMember.statusCode).toBe(404);
    const noOwner = await sendForm(
      suite.t.app,
      suite.admin,
      { method: 'POST', url: '/api/admin/horses' },
      validValues(),
      validFiles(),
    );
    expect(noOwner.statusCode).toBe(400);
  });

  it('deletes any horse, approved ones too, with its files', async () => {
    const row = await registerThroughApi(suite.t.app, suite.t.database.db, suite.memberA);
    await suite.t.database.db
      .update(horses)
      .set({ approvalStatus: 'approved', registrationNumber: 'X-1' })
      .where(eq(horses.id, row.id));
    const files = await suite.t.database.db
      .select()
      .from(horseFiles)
      .where(eq(horseFiles.horseId, row.id));
    expect(files.length).toBeGreaterThan(0);
    const before = filesUnder(suite.t.uploadsDir).length;
    const response = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/admin/horses/${row.id}`,
      headers: bearer(suite.admin),
    });
    expect(response.statusCode).toBe(200);
    expect(filesUnder(suite.t.uploadsDir).length).toBe(before - files.length);
    expect((await get(`/admin/horses/${row.id}`)).statusCode).toBe(404);
  });
});
