import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  CHANGE_REQUEST_MESSAGES,
  HORSE_MESSAGES,
  KEEP_MARKINGS_MESSAGES,
  KEEP_MARKINGS_PART,
} from '@registry/domain';
import { horseFiles, horses } from '../../db/schema.js';
import type { TestApp } from '../../test/harness.js';
import {
  REGISTER,
  SAMPLE_BYTES,
  editOf,
  filesUnder,
  sendForm,
  upload,
  validFiles,
  validEditValues,
  validValues,
  type Upload,
} from '../../test/multipart.js';
import { uploadWhole } from '../../test/tus.js';
import { createSignedInApp } from '../../test/signed-in-app.js';

/*
 * Issue 29 §4 item 2: a correction changes single marking photos. The edit names the stored
 * photos it keeps (`keepMarkingDocuments`), new ones are added, and the whole set is judged
 * against the 4-20 rule (docs/api.md "Edit").
 */

let t: TestApp;
let memberA: string;
beforeAll(async () => {
  ({ t, memberA } = await createSignedInApp(['memberA']));
});
afterAll(() => t.close());

interface FileRef {
  id: string;
  name: string;
}
interface Horse {
  _id: string;
  markingDocuments: FileRef[];
}

let registrations = 0;
async function registered(): Promise<Horse> {
  // A name of its own: an approved horse's name is taken for later registrations.
  const values = { ...validValues(), firstChoice: `Marking Glide ${(registrations += 1)}` };
  const response = await sendForm(t.app, memberA, REGISTER, values, validFiles());
  expect(response.statusCode).toBe(201);
  return response.json().data;
}

const keepPart = (ids: readonly string[]) => ({ [KEEP_MARKINGS_PART]: JSON.stringify(ids) });
const photo = (name: string): [string, Upload] => [
  'markingDocuments',
  upload(name, SAMPLE_BYTES.png(), 'image/png'),
];

async function markingRows(horseId: string) {
  const rows = await t.database.db.select().from(horseFiles).where(eq(horseFiles.horseId, horseId));
  return rows.filter((row) => row.kind === 'markingDocument');
}
const onDisk = (key: string) => filesUnder(t.uploadsDir).includes(`${key.slice(0, 2)}/${key}`);

describe('editing single marking photos', () => {
  it('keeps 3 stored photos and adds 1 new one: 4 stored, the dropped file removed from disk', async () => {
    const horse = await registered();
    const [dropped, ...kept] = horse.markingDocuments;
    const droppedKey = (await markingRows(horse._id)).find((r) => r.id === dropped!.id)!.storageKey;

    const response = await sendForm(
      t.app,
      memberA,
      editOf(horse._id),
      validEditValues(keepPart(kept.map((f) => f.id))),
      [photo('clearer-left.png')],
    );
    expect(response.statusCode).toBe(200);
    const saved: FileRef[] = response.json().data.markingDocuments;
    expect(saved).toHaveLength(4);
    // The kept ones in their order, the new one after them.
    expect(saved.slice(0, 3).map((f) => f.id)).toEqual(kept.map((f) => f.id));
    expect(saved[3]!.name).toBe('clearer-left.png');
    expect(await markingRows(horse._id)).toHaveLength(4);
    expect(onDisk(droppedKey)).toBe(false);
  });

  it('refuses removing one of 4 with nothing new, with the minimum message, and changes nothing', async () => {
    const horse = await registered();
    const before = (await markingRows(horse._id)).map((r) => r.id).sort();
    const response = await sendForm(
      t.app,
      memberA,
      editOf(horse._id),
      validEditValues(keepPart(horse.markingDocuments.slice(1).map((f) => f.id))),
      [],
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.markingDocuments).toBe(HORSE_MESSAGES.markingDocumentsTooFew);
    expect((await markingRows(horse._id)).map((r) => r.id).sort()).toEqual(before);
  });

  it('replaces one photo (keep 3, add 1) sent as a resumable upload, and adds one to a full set', async () => {
    const horse = await registered();
    const ids = horse.markingDocuments.map((f) => f.id);
    const sent = await uploadWhole(
      t.app,
      memberA,
      'markingDocuments',
      'new.png',
      SAMPLE_BYTES.png(),
    );
    expect(sent.response.statusCode).toBe(204);
    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/members/horses/${horse._id}`,
      headers: { authorization: `Bearer ${memberA}` },
      payload: {
        ...validEditValues(),
        uploads: [sent.id],
        [KEEP_MARKINGS_PART]: [ids[0], ids[1], ids[3]],
      },
    });
    expect(replaced.statusCode).toBe(200);
    const afterReplace: FileRef[] = replaced.json().data.markingDocuments;
    expect(afterReplace.map((f) => f.id).slice(0, 3)).toEqual([ids[0], ids[1], ids[3]]);
    expect(afterReplace[3]!.name).toBe('new.png');

    const added = await sendForm(
      t.app,
      memberA,
      editOf(horse._id),
      validEditValues(keepPart(afterReplace.map((f) => f.id))),
      [photo('fifth.png')],
    );
    expect(added.statusCode).toBe(200);
    expect(added.json().data.markingDocuments.map((f: FileRef) => f.name)).toEqual([
      ...afterReplace.map((f) => f.name),
      'fifth.png',
    ]);
  });

  it('keeping none and sending none is "required"; ids not of this horse or malformed are refused', async () => {
    const horse = await registered();
    const other = await registered();
    const none = await sendForm(
      t.app,
      memberA,
      editOf(horse._id),
      validEditValues(keepPart([])),
      [],
    );
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.markingDocuments).toBe(HORSE_MESSAGES.markingDocumentsRequired);

    const foreign = await sendForm(
      t.app,
      memberA,
      editOf(horse._id),
      validEditValues(
        keepPart([other.markingDocuments[0]!.id, ...horse.markingDocuments.map((f) => f.id)]),
      ),
      [],
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields.markingDocuments).toBe(KEEP_MARKINGS_MESSAGES.notStored);

    for (const bad of ['not json', '{"a":1}', JSON.stringify([1, 2])]) {
      const response = await sendForm(
        t.app,
        memberA,
        editOf(horse._id),
        validEditValues({ [KEEP_MARKINGS_PART]: bad }),
        [],
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.markingDocuments).toBe(KEEP_MARKINGS_MESSAGES.invalid);
    }
    expect(await markingRows(horse._id)).toHaveLength(4);
    expect(await markingRows(other._id)).toHaveLength(4);
  });

  it('without the keep part, new photos still replace the whole set (older clients)', async () => {
    const horse = await registered();
    const response = await sendForm(t.app, memberA, editOf(horse._id), validEditValues(), [
      photo('a.png'),
      photo('b.png'),
      photo('c.png'),
      photo('d.png'),
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.markingDocuments.map((f: FileRef) => f.name)).toEqual([
      'a.png',
      'b.png',
      'c.png',
      'd.png',
    ]);
  });

  it("refuses dropping an approved horse's photo (the office changes its documents); keeping all saves", async () => {
    const horse = await registered();
    await t.database.db
      .update(horses)
      .set({ approvalStatus: 'approved' })
      .where(eq(horses.id, horse._id));
    const ids = horse.markingDocuments.map((f) => f.id);
    const dropping = await sendForm(
      t.app,
      memberA,
      editOf(horse._id),
      validEditValues(keepPart(ids.slice(1))),
      [],
    );
    expect(dropping.statusCode).toBe(400);
    expect(dropping.json().fields.markingDocuments).toBe(CHANGE_REQUEST_MESSAGES.filesOnApproved);
    const keeping = await sendForm(
      t.app,
      memberA,
      editOf(horse._id),
      validEditValues(keepPart(ids)),
      [],
    );
    expect(keeping.statusCode).toBe(200);
    expect((await markingRows(horse._id)).map((r) => r.id).sort()).toEqual([...ids].sort());
  });

  it('is not a part of a registration', async () => {
    const response = await sendForm(
      t.app,
      memberA,
      REGISTER,
      { ...validValues(), ...keepPart([]) },
      validFiles(),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[KEEP_MARKINGS_PART]).toBe('Unknown field');
  });
});
