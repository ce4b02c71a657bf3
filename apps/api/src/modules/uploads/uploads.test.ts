import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { HORSE_MESSAGES, UPLOAD_MESSAGES } from '@registry/domain';
import { horseFiles, uploads } from '../../db/schema.js';
import type { TestApp } from '../../test/harness.js';
import {
  REGISTER,
  SAMPLE_BYTES,
  editOf,
  filesUnder,
  leftovers,
  validFiles,
  validValues,
} from '../../test/multipart.js';
import {
  createUpload,
  deleteUpload,
  headUpload,
  patchUpload,
  saveThroughUploads,
  uploadWhole,
} from '../../test/tus.js';
import { LocalDiskStorage } from '../files/storage.js';
import { readUploadAddress } from './routes.js';
import { sweepExpiredUploads } from './sweep.js';
import { openTusStore } from './tus-store.js';
import { createSignedInApp } from '../../test/signed-in-app.js';

let t: TestApp;
let memberA: string;
let memberB: string;
beforeAll(async () => {
  ({ t, memberA, memberB } = await createSignedInApp(['memberA', 'memberB']));
});
afterAll(() => t.close());

const rowOf = async (id: string) =>
  (await t.database.db.select().from(uploads).where(eq(uploads.id, id)))[0];

/** A registration document uploaded whole, and one of 1000 bytes cut off after `cutAt`. */
async function finishedAndHalf(doneName: string, halfName: string, cutAt: number) {
  const pdf = SAMPLE_BYTES.pdf();
  const done = await uploadWhole(t.app, memberA, 'registrationDocument', doneName, pdf);
  const half = await createUpload(t.app, memberA, 'registrationDocument', halfName, 1000);
  await patchUpload(t.app, memberA, half.id!, 0, pdf.subarray(0, cutAt));
  return { done, half };
}

describe('resumable uploads (tus)', () => {
  it('takes a file in pieces, resumes from the offset the server has, and checks it at the end', async () => {
    const video = SAMPLE_BYTES.mp4(300_000);
    const { response, id } = await createUpload(
      t.app,
      memberA,
      'performanceDocument',
      'ride.mp4',
      video.length,
    );
    expect(response.statusCode).toBe(201);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await patchUpload(t.app, memberA, id!, 0, video.subarray(0, 100_000))).statusCode).toBe(
      204,
    );
    const head = await headUpload(t.app, memberA, id!);
    expect(head.headers['upload-offset']).toBe('100000');
    // A piece sent again from a stale offset is refused, not appended twice.
    expect((await patchUpload(t.app, memberA, id!, 0, video.subarray(0, 10))).statusCode).toBe(409);
    const rest = await patchUpload(t.app, memberA, id!, 100_000, video.subarray(100_000));
    expect(rest.statusCode).toBe(204);
    const row = await rowOf(id!);
    expect(row).toMatchObject({
      field: 'performanceDocument',
      fileName: 'ride.mp4',
      size: 300_000,
      mime: 'video/mp4',
    });
    expect(row?.storageKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("hides a member's upload from everyone else: no resume, no bytes, no cancel, no attach", async () => {
    const pdf = SAMPLE_BYTES.pdf();
    const { id } = await createUpload(t.app, memberA, 'registrationDocument', 'a.pdf', pdf.length);
    expect((await headUpload(t.app, memberB, id!)).statusCode).toBe(404);
    expect((await patchUpload(t.app, memberB, id!, 0, pdf)).statusCode).toBe(404);
    expect((await deleteUpload(t.app, memberB, id!)).statusCode).toBe(404);
    expect((await patchUpload(t.app, memberA, id!, 0, pdf)).statusCode).toBe(204);
    const anonymous = await t.app.inject({ method: 'HEAD', url: `/api/uploads/${id}` });
    expect(anonymous.statusCode).toBe(401);
    const stolen = await t.app.inject({
      ...REGISTER,
      headers: { authorization: `Bearer ${memberB}` },
      payload: { ...validValues(), uploads: [id] },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fields.uploads).toBe(UPLOAD_MESSAGES.notAvailable);
    expect((await rowOf(id!))?.ownerId).toBeTruthy();
  });

  it('refuses at creation a file over its field’s limit, a wrong extension or an unknown field', async () => {
    const tooBig = await createUpload(t.app, memberA, 'registrationDocument', 'a.pdf', 10_485_761);
    expect(tooBig.response.statusCode).toBe(413);
    expect(tooBig.response.json().fields.registrationDocument).toBe(
      HORSE_MESSAGES.documentTooLarge,
    );
    const video = await createUpload(t.app, memberA, 'performanceDocument', 'a.mp4', 20_971_521);
    expect(video.response.statusCode).toBe(413);
    const fits = await createUpload(t.app, memberA, 'performanceDocument', 'b.mp4', 20_971_520);
    expect(fits.response.statusCode).toBe(201);
    const wrong = await createUpload(t.app, memberA, 'markingDocuments', 'a.pdf', 100);
    expect(wrong.response.statusCode).toBe(400);
    expect(wrong.response.json().fields.markingDocuments).toBe(HORSE_MESSAGES.documentFormat);
    const unknown = await createUpload(t.app, memberA, 'firstChoice', 'a.pdf', 100);
    expect(unknown.response.statusCode).toBe(400);
    // The store never takes more than was declared.
    const small = await createUpload(t.app, memberA, 'registrationDocument', 'c.pdf', 10);
    const over = await patchUpload(t.app, memberA, small.id!, 0, Buffer.alloc(20));
    expect(over.statusCode).toBe(413);
  });

  it('answers a file whose bytes are not what its name says with the field’s message, keeping nothing', async () => {
    const before = filesUnder(t.uploadsDir).sort();
    const sent = await uploadWhole(
      t.app,
      memberA,
      'markingDocuments',
      'photo.png',
      SAMPLE_BYTES.exe(),
    );
    expect(sent.response.statusCode).toBe(400);
    expect(sent.response.json()).toEqual({
      success: false,
      error: HORSE_MESSAGES.documentFormat,
      fields: { markingDocuments: HORSE_MESSAGES.documentFormat },
    });
    expect(await rowOf(sent.id!)).toBeUndefined();
    expect(filesUnder(t.uploadsDir).sort()).toEqual(before);
  });

  it('cancels an upload, finished or not, with nothing left', async () => {
    const before = filesUnder(t.uploadsDir).sort();
    const { done, half } = await finishedAndHalf('x.pdf', 'y.pdf', 300);
    expect((await deleteUpload(t.app, memberA, done.id!)).statusCode).toBe(204);
    expect((await deleteUpload(t.app, memberA, half.id!)).statusCode).toBe(204);
    expect(await rowOf(done.id!)).toBeUndefined();
    expect(filesUnder(t.uploadsDir).sort()).toEqual(before);
  });

  it('registers a horse from upload ids in one transaction, and an upload attaches only once', async () => {
    const response = await saveThroughUploads(t.app, memberA, REGISTER, validValues(), [
      ...validFiles(),
      ['performanceDocument', { name: 'ride.mp4', bytes: SAMPLE_BYTES.mp4(5000) }],
    ]);
    expect(response.statusCode).toBe(201);
    const horse = response.json().data;
    expect(horse.markingDocuments.map((f: { name: string }) => f.name)).toEqual([
      'left.png',
      'right.jpg',
      'face.jpeg',
      'legs.PNG',
    ]);
    expect(horse.performanceDocument.name).toBe('ride.mp4');
    const download = await t.app.inject({ method: 'GET', url: horse.performanceDocument.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(5000);
  });

  it('a refused save keeps the uploads to send again; nothing half-saved', async () => {
    const before = await leftovers(t);
    const ids: string[] = [];
    for (const [field, file] of validFiles()) {
      ids.push((await uploadWhole(t.app, memberA, field, file.name, file.bytes)).id!);
    }
    const refused = await t.app.inject({
      ...REGISTER,
      headers: { authorization: `Bearer ${memberA}` },
      payload: { ...validValues(), firstChoice: '', uploads: ids },
    });
    expect(refused.statusCode).toBe(400);
    expect((await leftovers(t)).horses).toBe(before.horses);
    for (const id of ids) expect((await rowOf(id))?.storageKey).toBeTruthy();
    const saved = await t.app.inject({
      ...REGISTER,
      headers: { authorization: `Bearer ${memberA}` },
      payload: { ...validValues(), uploads: ids },
    });
    expect(saved.statusCode).toBe(201);
    for (const id of ids) expect(await rowOf(id)).toBeUndefined();
    // The same ids again: already attached, so the whole save is refused and writes nothing.
    const again = await t.app.inject({
      ...REGISTER,
      headers: { authorization: `Bearer ${memberA}` },
      payload: { ...validValues(), uploads: ids },
    });
    expect(again.statusCode).toBe(400);
    expect((await leftovers(t)).horses).toBe(before.horses + 1);
  });

  it('an edit replaces a file with an upload', async () => {
    const created = await saveThroughUploads(t.app, memberA, REGISTER, validValues(), validFiles());
    expect(created.statusCode).toBe(201);
    const horseId = created.json().data._id as string;
    const replacement = await uploadWhole(
      t.app,
      memberA,
      'registrationDocument',
      'new-papers.pdf',
      SAMPLE_BYTES.pdf(),
    );
    const { firstChoice, secondChoice, thirdChoice, ownerSignature, ...values } = validValues();
    void [firstChoice, secondChoice, thirdChoice, ownerSignature];
    const edited = await t.app.inject({
      ...editOf(horseId),
      headers: { authorization: `Bearer ${memberA}` },
      payload: { ...values, uploads: [replacement.id] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.registrationDocument.name).toBe('new-papers.pdf');
    const stored = await t.database.db
      .select()
      .from(horseFiles)
      .where(eq(horseFiles.horseId, horseId));
    expect(stored.filter((f) => f.kind === 'registrationDocument')).toHaveLength(1);
  });

  it('sweeps uploads untouched for the expiry, finished or not, and spares fresh ones', async () => {
    const before = filesUnder(t.uploadsDir).sort();
    const { done, half } = await finishedAndHalf('o.pdf', 'h.pdf', 200);
    const fresh = await createUpload(t.app, memberA, 'registrationDocument', 'f.pdf', 1000);
    const old = new Date(Date.now() - 2 * 3_600_000);
    await t.database.db
      .update(uploads)
      .set({ touchedAt: old })
      .where(sql`${uploads.id} in (${done.id}, ${half.id})`);
    const tus = await openTusStore({
      uploadsDir: t.uploadsDir,
      storageUrl: undefined,
      storageAws: {},
    });
    const removed = await sweepExpiredUploads(
      t.database.db,
      new LocalDiskStorage(t.uploadsDir),
      tus,
      3_600_000,
    );
    expect(removed).toBe(2);
    expect(await rowOf(done.id!)).toBeUndefined();
    expect(await rowOf(fresh.id!)).toBeDefined();
    // A write to the fresh one still works; the expired one is gone for its owner too.
    expect((await headUpload(t.app, memberA, half.id!)).statusCode).toBe(404);
    expect((await headUpload(t.app, memberA, fresh.id!)).statusCode).toBe(200);
    await deleteUpload(t.app, memberA, fresh.id!);
    expect(filesUnder(t.uploadsDir).sort()).toEqual(before);
  });
});

/** Issue 28 §4: the id the ownership check reads is the id tus acts on. */
describe('the upload an address names', () => {
  const TUS = { 'tus-resumable': '1.0.0' };
  const as = (token: string) => ({ ...TUS, authorization: `Bearer ${token}` });
  const b64 = (text: string) => Buffer.from(text).toString('base64');
  /** The headers creating a 10-byte registration document upload. */
  const CREATE = {
    'upload-length': '10',
    'upload-metadata': `field ${b64('registrationDocument')},filename ${b64('a.pdf')}`,
  };

  it('refuses `/<own id>?x=/<victim id>` (HEAD and PATCH), leaving the victim’s upload as it was', async () => {
    const pdf = SAMPLE_BYTES.pdf();
    const victim = await createUpload(t.app, memberA, 'registrationDocument', 'v.pdf', pdf.length);
    expect(
      (await patchUpload(t.app, memberA, victim.id!, 0, pdf.subarray(0, 100))).statusCode,
    ).toBe(204);
    const own = await createUpload(t.app, memberB, 'registrationDocument', 'o.pdf', pdf.length);
    const crafted = `/api/uploads/${own.id}?x=/${victim.id}`;

    const head = await t.app.inject({ method: 'HEAD', url: crafted, headers: as(memberB) });
    expect(head.statusCode).toBe(400);
    expect(head.headers['upload-offset']).toBeUndefined();
    const foreign = Buffer.alloc(pdf.length - 100, 0x41);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: crafted,
      headers: {
        ...as(memberB),
        'upload-offset': '100',
        'content-type': 'application/offset+octet-stream',
      },
      payload: foreign,
    });
    expect(patch.statusCode).toBe(400);
    const encoded = `/api/uploads/${own.id}?x=%2F${victim.id}`;
    expect(
      (await t.app.inject({ method: 'HEAD', url: encoded, headers: as(memberB) })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'DELETE', url: crafted, headers: as(memberB) })).statusCode,
    ).toBe(400);

    // Neither upload moved: the victim still has its 100 bytes, the attacker's none.
    expect((await headUpload(t.app, memberA, victim.id!)).headers['upload-offset']).toBe('100');
    expect((await headUpload(t.app, memberB, own.id!)).headers['upload-offset']).toBe('0');
    expect(await rowOf(victim.id!)).toMatchObject({ storageKey: null });
    // The victim finishes with their own bytes, and those are what is stored.
    const rest = await patchUpload(t.app, memberA, victim.id!, 100, pdf.subarray(100));
    expect(rest.statusCode).toBe(204);
    const stored = (await rowOf(victim.id!))!.storageKey!;
    const saved = await new LocalDiskStorage(t.uploadsDir).open(stored);
    const chunks: Buffer[] = [];
    for await (const chunk of saved) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(Buffer.from(pdf))).toBe(true);
  });

  it('reads an address one way: the endpoint, or an upload id with nothing after it', () => {
    const id = '0f8e4a3c-1d2b-4c5d-9e8f-7a6b5c4d3e2f';
    expect(readUploadAddress('/api/uploads')).toEqual({});
    expect(readUploadAddress(`/api/uploads/${id}`)).toEqual({ id });
    // What an HTTP client can send that app.inject tidies away: an empty query, a fragment.
    for (const refused of [
      `/api/uploads/${id}?`,
      `/api/uploads/${id}#/${id}`,
      `/api/uploads/${id}?x=/${id}`,
      '/api/uploads?',
    ]) {
      expect(readUploadAddress(refused)).toBeUndefined();
    }
    for (const unknown of [
      '/api/uploads/',
      '/api/uploads/x',
      `/api/uploads/${id}/`,
      `/api/uploads/a/${id}`,
    ]) {
      expect(readUploadAddress(unknown)).toEqual({});
    }
  });

  it('refuses a query string on creation and cancelling too, and answers an unknown id 404', async () => {
    const create = (url: string) =>
      t.app.inject({ method: 'POST', url, headers: { ...as(memberA), ...CREATE } });
    const refused = await create('/api/uploads?x=1');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe(UPLOAD_MESSAGES.badAddress);
    const created = await create('/api/uploads');
    expect(created.statusCode).toBe(201);
    const id = String(created.headers.location).split('/').pop()!;
    const cancel = (url: string) => t.app.inject({ method: 'DELETE', url, headers: as(memberA) });
    expect((await cancel(`/api/uploads/${id}?x=1`)).statusCode).toBe(400);
    expect(await rowOf(id)).toBeDefined();
    const unknown = await t.app.inject({
      method: 'HEAD',
      url: '/api/uploads/not-an-id',
      headers: as(memberA),
    });
    expect(unknown.statusCode).toBe(404);
    expect((await cancel(`/api/uploads/${id}`)).statusCode).toBe(204);
  });

  it('answers with the site’s headers: no CORS grant to any origin, no-store, nosniff', async () => {
    const headers = { ...as(memberA), origin: 'https://elsewhere.example' };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...headers, ...CREATE },
    });
    expect(created.statusCode).toBe(201);
    const id = String(created.headers.location).split('/').pop()!;
    const head = await t.app.inject({ method: 'HEAD', url: `/api/uploads/${id}`, headers });
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/uploads/${id}`,
      headers: {
        ...headers,
        'upload-offset': '5',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(1),
    });
    expect(refused.statusCode).toBe(409);
    const noVersion = await t.app.inject({
      method: 'HEAD',
      url: `/api/uploads/${id}`,
      headers: { authorization: `Bearer ${memberA}`, origin: 'https://elsewhere.example' },
    });
    expect(noVersion.statusCode).toBe(412);
    for (const answer of [created, head, refused, noVersion]) {
      const cors = Object.keys(answer.headers).filter((name) => name.startsWith('access-control-'));
      expect(cors).toEqual([]);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-request-id']).toBeTruthy();
    }
    await deleteUpload(t.app, memberA, id);
  });

  it('answers a parallel upload (Upload-Concat) with a 400, creating nothing', async () => {
    const [before] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(uploads);
    for (const concat of [
      'partial',
      `final;/api/uploads/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`,
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...as(memberA), ...CREATE, 'upload-concat': concat },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(UPLOAD_MESSAGES.noConcat);
    }
    const [after] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(uploads);
    expect(after?.n).toBe(before?.n);
  });
});
