import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { HORSE_MESSAGES } from '@registry/domain';
import { horseFiles, horses } from '../../db/schema.js';
import { ADMIN, bearer, login, type TestApp } from '../../test/harness.js';
import {
  REGISTER,
  SAMPLE_BYTES,
  editOf,
  filesUnder,
  leftovers,
  sendForm,
  upload,
  validFiles,
  validEditValues,
  validValues,
  type Upload,
} from '../../test/multipart.js';
import { sampleDocx } from '../../test/zip.js';
import { HORSE_API_MESSAGES } from './service.js';
import { createSignedInApp } from '../../test/signed-in-app.js';

let t: TestApp;
let memberA: string;
let memberB: string;
beforeAll(async () => {
  ({ t, memberA, memberB } = await createSignedInApp(['memberA', 'memberB']));
});
afterAll(() => t.close());

async function registered(token = memberA): Promise<Horse> {
  const response = await sendForm(t.app, token, REGISTER, validValues(), validFiles());
  expect(response.statusCode).toBe(201);
  return response.json().data;
}

interface Horse {
  _id: string;
  color: string;
  registrationDocument: { id: string; name: string } | null;
  markingDocuments: Array<{ id: string; name: string }>;
  performanceDocument: { name: string } | null;
  approvalStatus: string;
}

const edit = (
  id: string,
  values: Record<string, string | undefined>,
  files: Array<[string, Upload]> = [],
  token = memberA,
) => sendForm(t.app, token, editOf(id), values, files);
const read = (id: string, token: string | null = memberA) =>
  t.app.inject({
    method: 'GET',
    url: `/api/members/horses/${id}`,
    headers: token ? bearer(token) : {},
  });
const remove = (id: string, token: string | null = memberA) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/members/horses/${id}`,
    headers: token ? bearer(token) : {},
  });

async function storageKeys(horseId: string): Promise<string[]> {
  const rows = await t.database.db.select().from(horseFiles).where(eq(horseFiles.horseId, horseId));
  return rows.map((row) => row.storageKey);
}
const onDisk = (key: string) => filesUnder(t.uploadsDir).includes(`${key.slice(0, 2)}/${key}`);

describe('who reaches a horse', () => {
  it('lets only its owner read, edit and delete it: others get 404, admins 403, anonymous 401', async () => {
    const horse = await registered();
    const before = await leftovers(t);
    for (const response of [
      await read(horse._id, memberB),
      await edit(
        horse._id,
        validEditValues({ color: 'Black' }),
        [['registrationDocument', upload('mine-now.pdf', SAMPLE_BYTES.pdf())]],
        memberB,
      ),
      await remove(horse._id, memberB),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: HORSE_API_MESSAGES.notFound });
    }
    const admin = await login(t.app, ADMIN, 'admin');
    expect((await read(horse._id, admin)).statusCode).toBe(403);
    expect((await remove(horse._id, admin)).statusCode).toBe(403);
    expect((await edit(horse._id, validEditValues(), [], admin)).statusCode).toBe(403);
    expect((await read(horse._id, null)).statusCode).toBe(401);
    expect((await remove(horse._id, null)).statusCode).toBe(401);
    expect(
      (await sendForm(t.app, undefined, editOf(horse._id), validEditValues(), [])).statusCode,
    ).toBe(401);
    // Untouched by all of that, and nothing of the refused upload kept.
    expect(await leftovers(t)).toEqual(before);
    const mine = await read(horse._id);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.color).toBe('Bay');
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await read('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await read('not-a-uuid')).statusCode).toBe(404);
  });
});

describe('PUT /api/members/horses/:id', () => {
  it('keeps stored files when none are sent and saves the new values', async () => {
    const horse = await registered();
    const response = await edit(horse._id, validEditValues({ color: 'Black', breed: 'Walker' }));
    expect(response.statusCode).toBe(200);
    const edited = response.json().data;
    expect(edited).toMatchObject({
      color: 'Black',
      breed: 'Walker',
      firstChoice: 'Midnight Glide',
    });
    expect(edited.registrationDocument.id).toBe(horse.registrationDocument?.id);
    expect(edited.markingDocuments.map((f: { id: string }) => f.id)).toEqual(
      horse.markingDocuments.map((f) => f.id),
    );
  });

  it('replaces a sent file and the whole marking set, and removes the old files from disk', async () => {
    const horse = await registered();
    const oldKeys = await storageKeys(horse._id);
    const response = await edit(horse._id, validEditValues(), [
      ['registrationDocument', upload('new-papers.docx', sampleDocx())],
      ...Array.from({ length: 5 }, (_, i): [string, Upload] => [
        'markingDocuments',
        upload(`new-${i}.png`, SAMPLE_BYTES.png()),
      ]),
      ['performanceDocument', upload('ride.mp4', SAMPLE_BYTES.mp4())],
    ]);
    expect(response.statusCode).toBe(200);
    const edited = response.json().data;
    expect(edited.registrationDocument.name).toBe('new-papers.docx');
    expect(edited.markingDocuments.map((f: { name: string }) => f.name)).toEqual([
      'new-0.png',
      'new-1.png',
      'new-2.png',
      'new-3.png',
      'new-4.png',
    ]);
    expect(edited.performanceDocument.name).toBe('ride.mp4');
    const newKeys = await storageKeys(horse._id);
    expect(newKeys).toHaveLength(5 + 1 + 1 + 1); // markings, document, video, signature
    const signatureKept = newKeys.filter((key) => oldKeys.includes(key));
    expect(signatureKept).toHaveLength(1);
    for (const key of oldKeys.filter((k) => !signatureKept.includes(k)))
      expect(onDisk(key)).toBe(false);
    for (const key of newKeys) expect(onDisk(key)).toBe(true);
  });

  it('validates with the edit rules, keeping everything as it was on failure', async () => {
    const horse = await registered();
    const keys = await storageKeys(horse._id);
    const before = filesUnder(t.uploadsDir).sort();
    const response = await edit(horse._id, validEditValues({ foalDate: '', color: 'Purple' }), [
      ['markingDocuments', upload('one.png', SAMPLE_BYTES.png())],
      ['registrationDocument', upload('papers.pdf', SAMPLE_BYTES.pdf())],
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      foalDate: HORSE_MESSAGES.foalDateRequired,
      color: 'Please choose a valid option for Color',
      markingDocuments: HORSE_MESSAGES.markingDocumentsTooFew,
    });
    expect(filesUnder(t.uploadsDir).sort()).toEqual(before);
    expect(await storageKeys(horse._id)).toEqual(keys);
    expect((await read(horse._id)).json().data.color).toBe('Bay');
  });

  it('does not let an edit change the names, the signature or server-owned values', async () => {
    const horse = await registered();
    const response = await edit(horse._id, {
      ...validEditValues(),
      firstChoice: 'Renamed',
      verified: 'Yes',
      registrationNum: 'GHR-123',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      firstChoice: 'Midnight Glide',
      verified: 'No',
      registrationNum: null,
    });
  });
});

describe('DELETE /api/members/horses/:id', () => {
  it('removes the horse, its rows and its files', async () => {
    const horse = await registered();
    const keys = await storageKeys(horse._id);
    const response = await remove(horse._id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      data: { id: horse._id },
      message: HORSE_API_MESSAGES.deleted,
    });
    expect(await storageKeys(horse._id)).toEqual([]);
    for (const key of keys) expect(onDisk(key)).toBe(false);
    expect((await read(horse._id)).statusCode).toBe(404);
  });

  it('refuses to delete an approved horse (409), and allows a rejected one', async () => {
    const approved = await registered();
    const rejected = await registered();
    await t.database.db
      .update(horses)
      .set({ approvalStatus: 'approved' })
      .where(eq(horses.id, approved._id));
    await t.database.db
      .update(horses)
      .set({ approvalStatus: 'rejected' })
      .where(eq(horses.id, rejected._id));
    const refused = await remove(approved._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(HORSE_API_MESSAGES.approvedNotDeletable);
    expect((await read(approved._id)).statusCode).toBe(200);
    expect((await remove(rejected._id)).statusCode).toBe(200);
  });
});
