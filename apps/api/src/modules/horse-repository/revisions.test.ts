import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { horseFiles, horseRevisions, horses } from '../../db/schema.js';
import { registerSuite } from '../../test/register-route.js';
import { SAMPLE_BYTES, upload, validFiles, validValues } from '../../test/multipart.js';

const { suite, register } = registerSuite();

describe('a registration keeps its first revision', () => {
  it("with the row's values and every stored file, ordered by kind and slot", async () => {
    const response = await register(validValues(), [
      ...validFiles(),
      ['performanceDocument', upload('show.mp4', SAMPLE_BYTES.mp4())],
      // Slots with punctuation ('sire', 'sire.grand_sire', 'dam.grand_dam'), ordered by the database.
      ['damRegistrationPaperwork2', upload('dam-grand-dam.pdf', SAMPLE_BYTES.pdf())],
      ['sireRegistrationPaperwork1', upload('sire-grand-sire.pdf', SAMPLE_BYTES.pdf())],
      ['sireRegistrationPaperwork0', upload('sire.pdf', SAMPLE_BYTES.pdf())],
    ]);
    expect(response.statusCode).toBe(201);
    const id = response.json().data._id as string;
    const { db } = suite.t.database;
    const [row] = await db.select().from(horses).where(eq(horses.id, id));
    const [revision] = await db.select().from(horseRevisions).where(eq(horseRevisions.horseId, id));
    const stored = await db
      .select({
        kind: horseFiles.kind,
        slot: horseFiles.slot,
        name: horseFiles.originalName,
        sha256: horseFiles.sha256,
      })
      .from(horseFiles)
      .where(eq(horseFiles.horseId, id))
      .orderBy(asc(horseFiles.kind), asc(horseFiles.slot));
    expect(stored.map((file) => file.kind)).toEqual([
      ...Array<string>(4).fill('markingDocument'),
      'ownerSignature',
      ...Array<string>(3).fill('pedigreePaperwork'),
      'performanceDocument',
      'registrationDocument',
    ]);
    expect(revision).toMatchObject({ version: row!.version, actorId: row!.ownerId });
    expect(revision!.snapshot).toEqual({
      record: expect.objectContaining({ foalDate: row!.foalDate, sex: row!.sex }),
      names: [row!.firstChoice, row!.secondChoice, row!.thirdChoice],
      ownerId: row!.ownerId,
      files: stored,
      parents: { sireHorseId: null, damHorseId: null },
    });
  });
});
