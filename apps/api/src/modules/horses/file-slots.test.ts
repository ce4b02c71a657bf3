import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  FILE_RULES,
  HORSE_FILE_KINDS,
  HORSE_FILE_SLOTS,
  MARKING_DOCUMENTS_MAX,
  MARKING_DOCUMENTS_MIN,
  UPLOADED_FILE_SLOTS,
  valueAtPath,
  type FileRuleName,
  type HorseFileSlot,
} from '@registry/domain';
import { HORSE_FILE_KINDS as STORED_KINDS, horseFiles } from '../../db/schema.js';
import { getData } from '../../test/harness.js';
import {
  REGISTER,
  SAMPLE_BYTES,
  editOf,
  sendForm,
  upload,
  validEditValues,
  validValues,
  type Upload,
} from '../../test/multipart.js';
import { signedInSuite } from '../../test/signed-in-app.js';
import { filePart } from './form-fields.js';
import { horseFormParts } from './form-docs.js';
import { MULTIPART_LIMITS } from './multipart.js';

/*
 * The files' table (packages/domain/src/horse/file-slots.ts) holds every consumer on the server
 * together: a place added to it is read from its part, judged and stored with its kind and slot,
 * and answered at its path; an edit that sends no file keeps every one. The web's side is held
 * by apps/web/src/features/horses/registration/file-slots.test.tsx.
 */

const suite = signedInSuite(['memberA']);

/** A file each rule accepts, bytes and all. */
const SAMPLES: Record<Exclude<FileRuleName, 'signature'>, (name: string) => Upload> = {
  document: (name) => upload(`${name}.pdf`, SAMPLE_BYTES.pdf(), 'application/pdf'),
  paperwork: (name) => upload(`${name}.pdf`, SAMPLE_BYTES.pdf(), 'application/pdf'),
  marking: (name) => upload(`${name}.png`, SAMPLE_BYTES.png(), 'image/png'),
  video: (name) => upload(`${name}.mp4`, SAMPLE_BYTES.mp4(), 'video/mp4'),
};

function sampleOf(place: HorseFileSlot, name: string): Upload {
  if (place.rule === 'signature') throw new Error(`${place.part} is drawn, not uploaded`);
  return SAMPLES[place.rule](name);
}

/** One file for every uploaded place (a multiple place gets its minimum), named by its part. */
function everyFile(): Array<[string, Upload]> {
  return UPLOADED_FILE_SLOTS.flatMap((place) =>
    Array.from({ length: place.multiple ? MARKING_DOCUMENTS_MIN : 1 }, (_, index) => [
      place.part,
      sampleOf(place, place.multiple ? `${place.part}-${index}` : place.part),
    ]),
  );
}

/** The names the answer holds at a place: one, none, or a multiple place's list. */
function namesAt(answer: unknown, place: HorseFileSlot): string[] {
  const value = valueAtPath(answer, place.path) as { name: string } | { name: string }[] | null;
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value.map((file) => file.name) : [value.name];
}

/** The stored file ids at a place (URLs are signed afresh on every answer). */
function idsAt(answer: unknown, place: HorseFileSlot): string[] {
  const value = valueAtPath(answer, place.path) as { id: string } | { id: string }[] | null;
  if (value === null || value === undefined) return [];
  return Array.isArray(value) ? value.map((file) => file.id) : [value.id];
}

describe('the files table on the server', () => {
  it('is the stored kinds, and every uploaded part reads to its place', () => {
    expect(STORED_KINDS).toEqual(HORSE_FILE_KINDS);
    const documented = horseFormParts('register').parts;
    for (const place of UPLOADED_FILE_SLOTS) {
      expect(filePart(place.part)).toMatchObject({
        kind: place.kind,
        slot: place.slot,
        path: place.path,
        multiple: place.multiple,
        maxBytes: FILE_RULES[place.rule].maxBytes,
      });
      expect(documented[place.part]?.kind).toBe(place.multiple ? 'files' : 'file');
    }
    for (const place of HORSE_FILE_SLOTS.filter((candidate) => candidate.drawn)) {
      expect(documented[place.part]?.kind).toBe('text');
    }
    // The parser's cap lets a form carry every file it may: one per place, a full marking set.
    const most = UPLOADED_FILE_SLOTS.reduce(
      (sum, place) => sum + (place.multiple ? MARKING_DOCUMENTS_MAX : 1),
      0,
    );
    expect(MULTIPART_LIMITS.files).toBeGreaterThanOrEqual(most);
  });

  it('stores a file at every place with its kind and slot, answers it at its path, and an edit without files keeps them', async () => {
    const { t, memberA } = suite;
    const response = await sendForm(t.app, memberA, REGISTER, validValues(), everyFile());
    expect(response.statusCode, response.body).toBe(201);
    const registered: { _id: string } = response.json().data;

    const expected = (place: HorseFileSlot) =>
      place.drawn
        ? ['signature.png']
        : place.multiple
          ? Array.from({ length: MARKING_DOCUMENTS_MIN }, (_, i) => `${place.part}-${i}.png`)
          : [sampleOf(place, place.part).name];
    const answered = await getData(t.app, `/api/members/horses/${registered._id}`, memberA);
    for (const place of HORSE_FILE_SLOTS) {
      expect(namesAt(response.json().data, place), place.path).toEqual(expected(place));
      expect(namesAt(answered, place), place.path).toEqual(expected(place));
    }

    const rows = await t.database.db
      .select({ kind: horseFiles.kind, slot: horseFiles.slot, name: horseFiles.originalName })
      .from(horseFiles)
      .where(eq(horseFiles.horseId, registered._id));
    for (const place of HORSE_FILE_SLOTS) {
      const stored = rows.filter(
        (row) => row.kind === place.kind && (place.multiple || row.slot === place.slot),
      );
      expect(stored.map((row) => row.name).sort(), place.path).toEqual(expected(place).sort());
    }

    // The edit form sends no file and no signature: every stored file stays where it was.
    const edited = await sendForm(t.app, memberA, editOf(registered._id), validEditValues(), []);
    expect(edited.statusCode, edited.body).toBe(200);
    for (const place of HORSE_FILE_SLOTS) {
      expect(idsAt(edited.json().data, place), place.path).toEqual(idsAt(answered, place));
    }
  });
});
