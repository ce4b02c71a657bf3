import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHANGE_REQUEST_MESSAGES } from '@registry/domain';
import { horseChangeRequests, horses, mailOutbox, users, type HorseRow } from '../../db/schema.js';
import { MEMBER_A, MEMBER_B, bearer, type TestApp } from '../../test/harness.js';
import { registerThroughApi } from '../../test/admin-fixtures.js';
import {
  SAMPLE_BYTES,
  editOf,
  sendForm,
  upload,
  validEditValues,
  validValues,
} from '../../test/multipart.js';
import { EVERY_ACCOUNT, createSignedInApp } from '../../test/signed-in-app.js';
import { asReviewed } from '../../test/reviewed.js';
import { pdfText } from '../../test/pdf-text.js';

let t: TestApp;
let admin: string;
let member: string;
let other: string;
beforeAll(async () => {
  ({ t, admin, memberA: member, memberB: other } = await createSignedInApp(EVERY_ACCOUNT));
});
afterAll(() => t.close());

const OWNER = {
  memberNum: 'M-0001',
  name: 'Avery Walker',
  address: '1 Barn Road',
  city: 'Lexington',
  state: 'Kentucky',
  zip: '40502',
};

const sireNamed = (name: string) =>
  JSON.stringify({
    ...JSON.parse(validValues().sire ?? '{}'),
    name,
  });

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
/** A decision on what the office just opened (unless `payload` names a version). */
const put = async (url: string, payload: Record<string, unknown>, token = admin) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: bearer(token),
    payload: await asReviewed(t.database.db, url, payload),
  });
const edit = (id: string, values: Record<string, string>, token = member) =>
  sendForm(t.app, token, editOf(id), values, []);

async function rowOf(id: string): Promise<HorseRow> {
  const [row] = await t.database.db.select().from(horses).where(eq(horses.id, id));
  if (!row) throw new Error('no horse');
  return row;
}

let count = 0;
/** A registered, paid and approved horse of the member (files and all), with its number. */
async function approvedHorse(): Promise<{ id: string; number: string }> {
  count += 1;
  const row = await registerThroughApi(t.app, t.database.db, member, {
    firstChoice: `Change Test ${count} One`,
    secondChoice: `Change Test ${count} Two`,
    thirdChoice: `Change Test ${count} Three`,
  });
  await t.database.db.update(horses).set({ paymentStatus: 'paid' }).where(eq(horses.id, row.id));
  const approved = await put(`/api/admin/approve-horse/${row.id}`, { action: 'approve' });
  expect(approved.statusCode).toBe(200);
  return { id: row.id, number: approved.json().data.registrationNum };
}

async function certificateText(id: string): Promise<string> {
  const response = await get(`/api/members/horses/${id}/certificate.pdf`, member);
  expect(response.statusCode).toBe(200);
  return pdfText(response.rawPayload);
}

/** Mail queued to member A whose subject mentions the horse. */
async function mailsAbout(name: string) {
  const rows = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, MEMBER_A.email));
  return rows.filter((m) => m.subject.includes(name));
}

async function pendingRequests(horseId: string) {
  const response = await get(`/api/admin/change-requests?horseId=${horseId}`, admin);
  expect(response.statusCode).toBe(200);
  return response.json().data.items as Array<{
    id: string;
    status: string;
    version: number;
    changes: Array<{ field: string; from: string; to: string }>;
  }>;
}

describe("an owner's edit of an approved horse", () => {
  it('leaves the record, certificate and verify page as approved and creates a pending change', async () => {
    const { id, number } = await approvedHorse();
    const before = await rowOf(id);
    const certificateBefore = await certificateText(id);
    expect(certificateBefore).toContain('Midnight Sun');
    const verifyBefore = (await get(`/api/public/verify/${encodeURIComponent(number)}`)).json();

    const response = await edit(
      id,
      validEditValues({ sire: sireNamed('FORGED CHAMPION SIRE'), color: 'Black', sex: 'Stallion' }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(CHANGE_REQUEST_MESSAGES.submitted);
    const answer = response.json().data;
    expect(answer.sire.name).toBe('Midnight Sun');
    expect(answer.color).toBe('Bay');
    expect(answer.approvalStatus).toBe('approved');
    expect(answer.registrationNum).toBe(number);
    expect(answer.pendingChange.changes).toEqual(
      expect.arrayContaining([
        { field: 'sex', from: 'Mare', to: 'Stallion' },
        { field: 'color', from: 'Bay', to: 'Black' },
        { field: 'sire.name', from: 'Midnight Sun', to: 'FORGED CHAMPION SIRE' },
      ]),
    );

    const after = await rowOf(id);
    expect(after.details).toEqual(before.details);
    expect([after.sex, after.color, after.sireName]).toEqual(['Mare', 'Bay', 'Midnight Sun']);
    const certificateAfter = await certificateText(id);
    expect(certificateAfter).not.toContain('FORGED');
    expect(certificateAfter).toContain('Midnight Sun');
    expect((await get(`/api/public/verify/${encodeURIComponent(number)}`)).json()).toEqual(
      verifyBefore,
    );
    const search = await get(`/api/auth/horses/search?q=FORGED`, other);
    expect(search.json().data.total).toBe(0);

    const requests = await pendingRequests(id);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.status).toBe('pending');
    // The member's own view and list say a change is waiting.
    const view = (await get(`/api/members/horses/${id}`, member)).json().data;
    expect(view.pendingChange.id).toBe(requests[0]?.id);
    expect(view.sire.name).toBe('Midnight Sun');
    // A list row is a summary: it says that a change waits; the view above says which.
    const list = (await get('/api/auth/horses?pageSize=100', member)).json().data.items as Array<{
      _id: string;
      changePending: boolean;
    }>;
    expect(list.find((h) => h._id === id)?.changePending).toBe(true);
  });

  it('writes owner addresses at once and keeps one pending request per horse', async () => {
    const { id } = await approvedHorse();
    const moved = JSON.stringify([{ ...OWNER, address: '9 New Lane', zip: '40503' }]);
    const contactOnly = await edit(id, validEditValues({ owners: moved }));
    expect(contactOnly.statusCode).toBe(200);
    expect(contactOnly.json().data.owners[0].address).toBe('9 New Lane');
    expect(contactOnly.json().data.pendingChange).toBeNull();
    expect(await pendingRequests(id)).toHaveLength(0);

    await edit(id, validEditValues({ owners: moved, color: 'Black' }));
    await edit(id, validEditValues({ owners: moved, color: 'Chestnut' }));
    const requests = await pendingRequests(id);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.changes).toEqual([{ field: 'color', from: 'Bay', to: 'Chestnut' }]);

    // Saving the approved values again withdraws the request.
    const back = await edit(id, validEditValues({ owners: moved }));
    expect(back.json().data.pendingChange).toBeNull();
    expect(await pendingRequests(id)).toHaveLength(0);
    const withdrawn = await get(`/api/admin/change-requests?status=withdrawn&horseId=${id}`, admin);
    expect(withdrawn.json().data.total).toBe(1);
  });

  it('refuses new documents on an approved horse, naming the field', async () => {
    const { id } = await approvedHorse();
    const response = await sendForm(t.app, member, editOf(id), validEditValues(), [
      ['registrationDocument', upload('new.pdf', SAMPLE_BYTES.pdf(), 'application/pdf')],
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      error: CHANGE_REQUEST_MESSAGES.filesOnApproved,
      fields: { registrationDocument: CHANGE_REQUEST_MESSAGES.filesOnApproved },
    });
  });
});

describe('PUT /api/admin/change-requests/:id', () => {
  it('approval applies the change, keeps later address changes and writes history', async () => {
    const { id, number } = await approvedHorse();
    await edit(id, validEditValues({ sire: sireNamed('Better Sire'), color: 'Black' }));
    // The owner's address changes after the request was sent; the approval must keep it.
    const moved = JSON.stringify([{ ...OWNER, city: 'Frankfort' }]);
    await edit(
      id,
      validEditValues({ owners: moved, sire: sireNamed('Better Sire'), color: 'Black' }),
    );
    const [request] = await pendingRequests(id);
    if (!request) throw new Error('no request');

    const decided = await put(`/api/admin/change-requests/${request.id}`, { action: 'approve' });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().data.status).toBe('approved');
    const row = await rowOf(id);
    expect([row.sireName, row.details.sire.name, row.color]).toEqual([
      'Better Sire',
      'Better Sire',
      'Black',
    ]);
    expect(row.details.owners[0]?.city).toBe('Frankfort');
    expect(row.registrationNumber).toBe(number);
    expect(row.approvalStatus).toBe('approved');
    expect(await certificateText(id)).toContain('Better Sire');
    const [mail] = await mailsAbout(`change to ${row.approvedName} approved`);
    expect(mail?.text).toContain('Sire: name');

    const again = await put(`/api/admin/change-requests/${request.id}`, {
      action: 'reject',
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);

    const history = (await get(`/api/admin/horses/${id}`, admin)).json().data.history as Array<{
      type: string;
      details: { changes?: unknown } | null;
    }>;
    const types = history.map((h) => h.type);
    expect(types).toContain('change-requested');
    const approvedEntry = history.find((h) => h.type === 'change-approved');
    expect(approvedEntry?.details?.changes).toEqual(
      expect.arrayContaining([
        { field: 'sire.name', from: 'Midnight Sun', to: 'Better Sire' },
        { field: 'color', from: 'Bay', to: 'Black' },
      ]),
    );
    expect((await get(`/api/members/horses/${id}`, member)).json().data.pendingChange).toBeNull();
  });

  it("approval changes only the requested fields, keeping the office's later edits", async () => {
    const { id } = await approvedHorse();
    await edit(id, validEditValues({ color: 'Black' }));
    const byOffice = await sendForm(
      t.app,
      admin,
      { method: 'PUT', url: `/api/admin/horses/${id}` },
      validEditValues({ bredBy: 'Office Farm' }),
      [],
    );
    expect(byOffice.statusCode).toBe(200);
    const [request] = await pendingRequests(id);
    if (!request) throw new Error('no request');
    const decided = await put(`/api/admin/change-requests/${request.id}`, { action: 'approve' });
    expect(decided.json().data.changes).toEqual([{ field: 'color', from: 'Bay', to: 'Black' }]);
    const row = await rowOf(id);
    expect([row.color, row.details.bredBy]).toEqual(['Black', 'Office Farm']);
  });

  it('rejection needs a reason and keeps the approved record', async () => {
    const { id } = await approvedHorse();
    await edit(id, validEditValues({ sire: sireNamed('FORGED CHAMPION SIRE') }));
    const [request] = await pendingRequests(id);
    if (!request) throw new Error('no request');
    const noReason = await put(`/api/admin/change-requests/${request.id}`, { action: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe(CHANGE_REQUEST_MESSAGES.reasonRequired);

    const rejected = await put(`/api/admin/change-requests/${request.id}`, {
      action: 'reject',
      reason: 'Send the sire papers to the office',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: 'rejected',
      reason: 'Send the sire papers to the office',
    });
    const row = await rowOf(id);
    expect(row.sireName).toBe('Midnight Sun');
    expect(await certificateText(id)).not.toContain('FORGED');
    const [mail] = await mailsAbout(`change to ${row.approvedName} not approved`);
    expect(mail?.text).toContain('Send the sire papers to the office');
    const history = (await get(`/api/admin/horses/${id}`, admin)).json().data.history as Array<{
      type: string;
    }>;
    expect(history.map((h) => h.type)).toContain('change-rejected');
    expect(history.map((h) => h.type)).not.toContain('change-approved');
  });

  it('is for administrators only, and bad ids and bodies are 4xx', async () => {
    const { id } = await approvedHorse();
    await edit(id, validEditValues({ color: 'Gray' }));
    const [request] = await pendingRequests(id);
    if (!request) throw new Error('no request');
    const asMember = await put(
      `/api/admin/change-requests/${request.id}`,
      { action: 'approve' },
      member,
    );
    expect(asMember.statusCode).toBe(403);
    expect((await get('/api/admin/change-requests', member)).statusCode).toBe(403);
    const unknown = await put('/api/admin/change-requests/00000000-0000-4000-8000-000000000000', {
      action: 'approve',
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await put('/api/admin/change-requests/not-a-uuid', { action: 'approve' })).statusCode,
    ).toBe(404);
    const badBody = await put(`/api/admin/change-requests/${request.id}`, { action: 'apply' });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().success).toBe(false);
    expect((await get('/api/admin/change-requests?status=nope', admin)).statusCode).toBe(400);
    const rows = await t.database.db
      .select()
      .from(horseChangeRequests)
      .where(eq(horseChangeRequests.id, request.id));
    expect(rows[0]?.status).toBe('pending');
  });

  it('edits and a decision racing on one horse queue up: never two pending, and the decision applies only what was read', async () => {
    const { id } = await approvedHorse();
    await edit(id, validEditValues({ color: 'Black' }));
    const [request] = await pendingRequests(id);
    if (!request) throw new Error('no request');
    const answers = await Promise.all([
      edit(id, validEditValues({ color: 'Chestnut' })),
      // The office read the request as it was before these edits ('Black').
      put(`/api/admin/change-requests/${request.id}`, {
        action: 'approve',
        version: request.version,
      }),
      edit(id, validEditValues({ color: 'Gray' })),
      edit(id, validEditValues({ color: 'Palomino' })),
    ]);
    const [first, decision, ...rest] = answers.map((a) => a.statusCode);
    expect([first, ...rest]).toEqual([200, 200, 200]);
    // An edit that replaced the request before the decision ran makes it 409: the office
    // decides again on the new text (it named the version it read).
    expect([200, 409]).toContain(decision);
    const rows = await t.database.db
      .select()
      .from(horseChangeRequests)
      .where(eq(horseChangeRequests.horseId, id));
    expect(rows.filter((r) => r.status === 'pending').length).toBeLessThanOrEqual(1);
    const approved = rows.find((r) => r.status === 'approved');
    if (decision === 200) {
      // The record shows exactly what the approval applied: the text of the version read.
      const applied = approved?.changes.find((c) => c.field === 'color')?.to;
      expect(applied).toBe('Black');
      expect((await rowOf(id)).color).toBe(applied);
    } else {
      expect(approved).toBeUndefined();
      expect((await rowOf(id)).color).not.toBe('Black');
    }
  });

  it("a transfer withdraws the previous owner's pending change", async () => {
    const { id } = await approvedHorse();
    await edit(id, validEditValues({ color: 'Gray' }));
    expect(await pendingRequests(id)).toHaveLength(1);
    const [memberB] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, MEMBER_B.email));
    const transfer = await t.app.inject({
      method: 'POST',
      url: '/api/admin/transfer-horse-ownership',
      headers: bearer(admin),
      payload: await asReviewed(t.database.db, '/api/admin/transfer-horse-ownership', {
        horseId: id,
        newOwnerId: memberB?.id,
      }),
    });
    expect(transfer.statusCode).toBe(200);
    expect(await pendingRequests(id)).toHaveLength(0);
    const view = (await get(`/api/members/horses/${id}`, other)).json().data;
    expect(view.pendingChange).toBeNull();
    expect(view.color).toBe('Bay');
  });

  it('an edit by another member is still a 404 and creates nothing', async () => {
    const { id } = await approvedHorse();
    const response = await edit(id, validEditValues({ color: 'Gray' }), other);
    expect(response.statusCode).toBe(404);
    expect(await pendingRequests(id)).toHaveLength(0);
  });
});

describe('a corrected rejected registration', () => {
  it('is pending again, in the queue, with the previous reason and the changes', async () => {
    count += 1;
    const row = await registerThroughApi(t.app, t.database.db, member, {
      firstChoice: `Resubmit ${count} One`,
      secondChoice: `Resubmit ${count} Two`,
      thirdChoice: `Resubmit ${count} Three`,
    });
    const reason = 'The dam name does not match the papers';
    const rejected = await put(`/api/admin/approve-horse/${row.id}`, { action: 'reject', reason });
    expect(rejected.statusCode).toBe(200);
    const seen = (await get(`/api/members/horses/${row.id}`, member)).json().data;
    expect(seen).toMatchObject({ approvalStatus: 'rejected', rejectionReason: reason });

    const dam = JSON.stringify({ ...JSON.parse(validValues().dam ?? '{}'), name: 'Velvet Rosa' });
    const saved = await edit(row.id, validEditValues({ dam }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(CHANGE_REQUEST_MESSAGES.resubmitted);
    expect(saved.json().data).toMatchObject({ approvalStatus: 'pending', rejectionReason: null });

    const queue = await get('/api/admin/pending-horses?pageSize=100', admin);
    const queued = (queue.json().data.items as Array<{ _id: string; resubmission: unknown }>).find(
      (h) => h._id === row.id,
    );
    expect(queued?.resubmission).toMatchObject({
      previousReason: reason,
      changes: [{ field: 'dam.name', from: 'Velvet Rose', to: 'Velvet Rosa' }],
    });
    const review = (await get(`/api/admin/horses/${row.id}`, admin)).json().data;
    expect(review.resubmission.previousReason).toBe(reason);
    expect(review.history.map((h: { type: string }) => h.type)).toEqual(
      expect.arrayContaining(['submitted', 'rejected', 'resubmitted']),
    );

    // A further edit while pending is an ordinary edit; the review still shows the round's reason.
    await edit(row.id, validEditValues({ dam, color: 'Black' }));
    expect((await rowOf(row.id)).approvalStatus).toBe('pending');
    const approved = await put(`/api/admin/approve-horse/${row.id}`, {
      action: 'approve',
      overrideUnpaid: true,
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.resubmission).toBeNull();
  });
});
