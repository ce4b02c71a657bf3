import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  DRAFT_MAX_BYTES,
  DRAFT_MESSAGES,
  DRAFTS_PER_MEMBER_MAX,
  type HorseDraftSave,
} from '@registry/domain';
import { bearer, type TestApp } from '../../test/harness.js';
import { REGISTER, sendForm, validFiles, validValues } from '../../test/multipart.js';
import { EVERY_ACCOUNT, createSignedInApp } from '../../test/signed-in-app.js';

let t: TestApp;
let memberA: string;
let memberB: string;
let admin: string;
beforeAll(async () => {
  ({ t, admin, memberA, memberB } = await createSignedInApp(EVERY_ACCOUNT));
});
afterAll(() => t.close());

const DRAFTS = '/api/members/horse-drafts';

/** A form half filled on a phone: a name, a pedigree entry, a signature and one finished upload. */
function draftBody(name = 'Moonlit Rack'): HorseDraftSave {
  return {
    values: {
      registrationType: 'Proven',
      firstChoice: name,
      sire: { name: 'Midnight Sun', grand_sire: { name: 'Old Sun' } },
      ownerSignature: 'data:image/png;base64,iVBORw0KGgo=',
      billingInfo: { paymentInfo: { paymentMethod: 'Bank', bankAccount: { bankName: 'First' } } },
    },
    uploads: [{ id: randomUUID(), field: 'markingDocuments', fileName: 'left.jpg', size: 812_345 }],
  };
}

const save = (id: string, body: unknown, token: string | null = memberA) =>
  t.app.inject({
    method: 'PUT',
    url: `${DRAFTS}/${id}`,
    headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const read = (id: string, token = memberA) =>
  t.app.inject({ method: 'GET', url: `${DRAFTS}/${id}`, headers: bearer(token) });
const list = async (token = memberA) => {
  const response = await t.app.inject({ method: 'GET', url: DRAFTS, headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json().data as Array<{ id: string; name: string; updatedAt: string }>;
};
const discard = (id: string, token = memberA) =>
  t.app.inject({ method: 'DELETE', url: `${DRAFTS}/${id}`, headers: bearer(token) });

describe('horse drafts', () => {
  it('saves, lists, reads, replaces in place and discards a draft', async () => {
    const id = randomUUID();
    const body = draftBody();
    const first = await save(id, body);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      id,
      name: 'Moonlit Rack',
      registrationType: 'Proven',
      fileCount: 1,
    });

    const stored = await read(id);
    expect(stored.statusCode).toBe(200);
    expect(stored.json().data).toMatchObject({ id, values: body.values, uploads: body.uploads });

    // Every later save of the same form replaces the one row.
    const again = await save(id, { ...body, values: { ...body.values, firstChoice: 'Moonlit' } });
    expect(again.statusCode).toBe(200);
    const mine = (await list()).filter((draft) => draft.id === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.name).toBe('Moonlit');
    expect(Date.parse(mine[0]!.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(first.json().data.updatedAt),
    );

    const gone = await discard(id);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().message).toBe(DRAFT_MESSAGES.discarded);
    expect((await read(id)).statusCode).toBe(404);
    expect((await discard(id)).statusCode).toBe(404);
  });

  it('lists the last saved first', async () => {
    const older = randomUUID();
    const newer = randomUUID();
    expect((await save(older, draftBody('Older'))).statusCode).toBe(200);
    expect((await save(newer, draftBody('Newer'))).statusCode).toBe(200);
    expect((await save(older, draftBody('Older again'))).statusCode).toBe(200);
    const ids = (await list()).map((draft) => draft.id);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    await discard(older);
    await discard(newer);
  });

  it("is its owner's alone: another member gets 404 and cannot overwrite; admins 403; anonymous 401", async () => {
    const id = randomUUID();
    expect((await save(id, draftBody('Private'))).statusCode).toBe(200);

    expect((await read(id, memberB)).statusCode).toBe(404);
    expect((await list(memberB)).map((draft) => draft.id)).not.toContain(id);
    const overwrite = await save(id, draftBody('Taken over'), memberB);
    expect(overwrite.statusCode).toBe(404);
    expect(overwrite.json().error).toBe(DRAFT_MESSAGES.notFound);
    expect((await discard(id, memberB)).statusCode).toBe(404);
    expect((await read(id)).json().data.values.firstChoice).toBe('Private');

    expect((await read(id, admin)).statusCode).toBe(403);
    const anonymous = await save(id, draftBody(), null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error).toBe(AUTH_MESSAGES.notAuthenticated);
    await discard(id);
  });

  it('refuses bodies over the size limit (413), too deep, with bank numbers, or with a bad id (400) and stores nothing', async () => {
    const id = randomUUID();
    const huge = draftBody();
    huge.values.bredBy = 'x'.repeat(DRAFT_MAX_BYTES);
    const tooLarge = await save(id, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().success).toBe(false);

    // Nested far deeper than JSON.stringify could write back: refused before it is stored.
    const deep = `{"values":{"sire":${'['.repeat(50_000)}${']'.repeat(50_000)}},"uploads":[]}`;
    const tooDeep = await save(id, deep);
    expect(tooDeep.statusCode).toBe(400);
    expect(JSON.stringify(tooDeep.json())).toContain(DRAFT_MESSAGES.tooDeep);

    const bank = draftBody();
    bank.values.billingInfo = {
      paymentInfo: { bankAccount: { routingNumber: '110000000', accountNumber: '000123456789' } },
    };
    const withBank = await save(id, bank);
    expect(withBank.statusCode).toBe(400);
    expect(JSON.stringify(withBank.json())).toContain(DRAFT_MESSAGES.bankNumbers);

    expect((await save('not-a-uuid', draftBody())).statusCode).toBe(400);
    expect((await read('not-a-uuid')).statusCode).toBe(404);
    const badUpload = await save(id, { values: {}, uploads: [{ id: 'x', field: 'f' }] });
    expect(badUpload.statusCode).toBe(400);
    expect((await read(id)).statusCode).toBe(404);
  });

  it(`keeps at most ${DRAFTS_PER_MEMBER_MAX} drafts per member (409) while the existing ones still save`, async () => {
    const ids = Array.from({ length: DRAFTS_PER_MEMBER_MAX }, () => randomUUID());
    for (const id of ids) expect((await save(id, draftBody(), memberB)).statusCode).toBe(200);
    const extra = await save(randomUUID(), draftBody(), memberB);
    expect(extra.statusCode).toBe(409);
    expect(extra.json().error).toBe(DRAFT_MESSAGES.tooMany);
    expect((await save(ids[0]!, draftBody('Still mine'), memberB)).statusCode).toBe(200);
    for (const id of ids) expect((await discard(id, memberB)).statusCode).toBe(200);
  });
});

describe('a draft is not a registration', () => {
  const adminGet = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    return response.json().data as unknown;
  };
  const registryViews = async () => ({
    horses: await adminGet('/api/admin/horses'),
    pending: await adminGet('/api/admin/pending-horses'),
    stats: await adminGet('/api/admin/statistics'),
    search: (
      await t.app.inject({
        method: 'GET',
        url: '/api/auth/horses/search?q=Unseen%20Draft',
        headers: bearer(memberB),
      })
    ).json().data as unknown,
    own: (
      await t.app.inject({ method: 'GET', url: '/api/members/horses', headers: bearer(memberA) })
    ).json().data as unknown,
  });

  it('does not show in admin lists, statistics, search or the member horse list', async () => {
    const before = await registryViews();
    const id = randomUUID();
    expect((await save(id, draftBody('Unseen Draft'))).statusCode).toBe(200);
    expect(await registryViews()).toEqual(before);
    expect(JSON.stringify(await registryViews())).not.toContain('Unseen Draft');
    await discard(id);
  });

  it('is removed by the registration that completes it, and kept when the registration is refused', async () => {
    const id = randomUUID();
    expect((await save(id, draftBody('Midnight Glide'))).statusCode).toBe(200);

    const refused = await sendForm(
      t.app,
      memberA,
      REGISTER,
      { ...validValues(), firstChoice: '', draftId: id },
      validFiles(),
    );
    expect(refused.statusCode).toBe(400);
    expect((await read(id)).statusCode).toBe(200);

    const saved = await sendForm(
      t.app,
      memberA,
      REGISTER,
      { ...validValues(), draftId: id },
      validFiles(),
    );
    expect(saved.statusCode).toBe(201);
    expect((await read(id)).statusCode).toBe(404);
  });

  it("never removes another member's draft, whatever draftId a registration names", async () => {
    const id = randomUUID();
    expect((await save(id, draftBody('Not yours'), memberB)).statusCode).toBe(200);
    const saved = await sendForm(
      t.app,
      memberA,
      REGISTER,
      { ...validValues(), firstChoice: 'Another Glide', draftId: id },
      validFiles(),
    );
    expect(saved.statusCode).toBe(201);
    expect((await read(id, memberB)).statusCode).toBe(200);
    await discard(id, memberB);
  });
});
