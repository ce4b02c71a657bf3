import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { DRAFT_EXPIRY_DAYS, type UploadReference } from '@registry/domain';
import { horseDrafts, horseFiles, uploads } from '../../db/schema.js';
import { bearer, type TestApp } from '../../test/harness.js';
import { REGISTER, SAMPLE_BYTES, validValues } from '../../test/multipart.js';
import { uploadWhole } from '../../test/tus.js';
import { createSignedInApp } from '../../test/signed-in-app.js';
import { LocalDiskStorage } from '../files/storage.js';
import { sweepExpiredUploads } from '../uploads/sweep.js';
import { openTusStore } from '../uploads/tus-store.js';

/*
 * Issue 29 §4 items 1 and 3: a draft holds its uploads for as long as it lives (the sweep of
 * unattached uploads spares them), a registration from it stores them, and drafts nobody saved
 * for DRAFT_EXPIRY_DAYS are removed by the same sweep.
 */

let t: TestApp;
let memberA: string;
beforeAll(async () => {
  ({ t, memberA } = await createSignedInApp(['memberA']));
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
/** The default UPLOAD_EXPIRY_HOURS. */
const UPLOAD_EXPIRY = 24 * 60 * 60 * 1000;

const DRAFTS = '/api/members/horse-drafts';
const saveDraft = (id: string, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `${DRAFTS}/${id}`,
    headers: { ...bearer(memberA), 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const readDraft = (id: string) =>
  t.app.inject({ method: 'GET', url: `${DRAFTS}/${id}`, headers: bearer(memberA) });

async function sweep(now: number) {
  const tus = await openTusStore({
    uploadsDir: t.uploadsDir,
    storageUrl: undefined,
    storageAws: {},
  });
  return sweepExpiredUploads(
    t.database.db,
    new LocalDiskStorage(t.uploadsDir),
    tus,
    UPLOAD_EXPIRY,
    now,
  );
}

/** The registration document and 4 marking photos, uploaded the way the form does. */
async function uploadedFiles(): Promise<UploadReference[]> {
  const files: Array<[string, string, Uint8Array]> = [
    ['registrationDocument', 'papers.pdf', SAMPLE_BYTES.pdf()],
    ...['left', 'right', 'face', 'legs'].map((side): [string, string, Uint8Array] => [
      'markingDocuments',
      `${side}.png`,
      SAMPLE_BYTES.png(),
    ]),
  ];
  const refs: UploadReference[] = [];
  for (const [field, fileName, bytes] of files) {
    const sent = await uploadWhole(t.app, memberA, field, fileName, bytes);
    expect(sent.response.statusCode).toBe(204);
    refs.push({ id: sent.id!, field, fileName, size: bytes.length });
  }
  return refs;
}

const uploadRows = (ids: string[]) =>
  t.database.db.select({ id: uploads.id }).from(uploads).where(inArray(uploads.id, ids));

describe('a draft and its uploads', () => {
  it('returns the uploads it was saved with, keeps them past the upload expiry, and a registration from it stores them', async () => {
    const refs = await uploadedFiles();
    const ids = refs.map((ref) => ref.id);
    const draftId = randomUUID();
    const saved = await saveDraft(draftId, {
      values: { firstChoice: 'Held Files' },
      uploads: refs,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.fileCount).toBe(5);
    expect((await readDraft(draftId)).json().data.uploads).toEqual(refs);

    // Three days later the member continues on another device: the uploads are still there.
    await sweep(Date.now() + 3 * DAY);
    expect(await uploadRows(ids)).toHaveLength(5);

    const registered = await t.app.inject({
      ...REGISTER,
      headers: bearer(memberA),
      payload: { ...validValues(), firstChoice: 'Held Files', draftId, uploads: ids },
    });
    expect(registered.statusCode).toBe(201);
    const horse = registered.json().data;
    expect(horse.registrationDocument.name).toBe('papers.pdf');
    expect(horse.markingDocuments.map((f: { name: string }) => f.name)).toEqual([
      'left.png',
      'right.png',
      'face.png',
      'legs.png',
    ]);
    const stored = await t.database.db
      .select()
      .from(horseFiles)
      .where(eq(horseFiles.horseId, horse._id));
    expect(stored.filter((f) => f.kind !== 'ownerSignature')).toHaveLength(5);
    expect((await readDraft(draftId)).statusCode).toBe(404);
    expect(await uploadRows(ids)).toHaveLength(0);
  });

  it(`removes drafts unsaved for ${DRAFT_EXPIRY_DAYS} days, then their uploads; a recent draft and its uploads stay`, async () => {
    const [oldRef] = await uploadedFiles();
    const [recentRef] = await uploadedFiles();
    const oldId = randomUUID();
    const recentId = randomUUID();
    expect((await saveDraft(oldId, { values: {}, uploads: [oldRef] })).statusCode).toBe(200);
    expect((await saveDraft(recentId, { values: {}, uploads: [recentRef] })).statusCode).toBe(200);
    const now = Date.now() + (DRAFT_EXPIRY_DAYS + 1) * DAY;
    // The recent draft was saved a day before the sweep runs.
    await t.database.db
      .update(horseDrafts)
      .set({ updatedAt: new Date(now - DAY) })
      .where(eq(horseDrafts.id, recentId));

    await sweep(now);
    expect((await readDraft(oldId)).statusCode).toBe(404);
    expect(await uploadRows([oldRef!.id])).toHaveLength(0);
    expect((await readDraft(recentId)).statusCode).toBe(200);
    expect(await uploadRows([recentRef!.id])).toHaveLength(1);
  });
});
