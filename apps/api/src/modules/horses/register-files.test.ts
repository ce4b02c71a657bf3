import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HORSE_MESSAGES } from '@registry/domain';
import {
  SAMPLE_BYTES,
  upload,
  validFiles,
  validValues,
  type Upload,
} from '../../test/multipart.js';
import { registerSuite } from '../../test/register-route.js';

/** The file rules of registration, and what remains when a registration fails: nothing. */
const { suite, register, snapshot, expectNothingLeft } = registerSuite();

describe('file rules', () => {
  const refusedFiles = async (files: Array<[string, Upload]>) => {
    const before = await snapshot();
    const response = await register(validValues(), files);
    expect(response.statusCode).toBe(400);
    await expectNothingLeft(before);
    return response.json().fields as Record<string, string>;
  };

  it('refuses a wrong extension with the field’s format message', async () => {
    const fields = await refusedFiles([
      ['registrationDocument', upload('papers.txt', Buffer.from('hello'))],
      ...validFiles().slice(1, 4),
      ['markingDocuments', upload('photo.gif', Buffer.from('GIF89a'))],
      ['performanceDocument', upload('ride.avi', SAMPLE_BYTES.mp4())],
      ['registryPaperwork0', upload('other.exe', SAMPLE_BYTES.exe())],
    ]);
    expect(fields).toEqual({
      registrationDocument: HORSE_MESSAGES.documentFormat,
      markingDocuments: HORSE_MESSAGES.documentFormat,
      performanceDocument: HORSE_MESSAGES.videoFormat,
      'otherRegistries.0.registryPaperwork': HORSE_MESSAGES.paperworkFormat,
    });
  });

  it('refuses files whose bytes are not what their names say (a renamed .exe)', async () => {
    const fields = await refusedFiles([
      ['registrationDocument', upload('papers.pdf', SAMPLE_BYTES.exe(), 'application/pdf')],
      ...validFiles().slice(1, 4),
      ['markingDocuments', upload('fake.png', SAMPLE_BYTES.pdf(), 'image/png')],
      ['performanceDocument', upload('ride.mp4', SAMPLE_BYTES.png())],
      ['sireRegistrationPaperwork3', upload('old.docx', SAMPLE_BYTES.exe())],
    ]);
    expect(fields).toEqual({
      registrationDocument: HORSE_MESSAGES.documentFormat,
      markingDocuments: HORSE_MESSAGES.documentFormat,
      performanceDocument: HORSE_MESSAGES.videoFormat,
      'sire.great_grand_sire.paperwork': HORSE_MESSAGES.paperworkFormat,
    });
  });

  it('refuses a document one byte over 10 MB and a video over 20 MB, keeping nothing', async () => {
    const big = Buffer.alloc(10_485_761);
    big.write('%PDF-1.4\n');
    const video = SAMPLE_BYTES.mp4(20 * 1024 * 1024 + 4096);
    const fields = await refusedFiles([
      ['registrationDocument', upload('huge.pdf', big)],
      ...validFiles().slice(1),
      ['performanceDocument', upload('long.mp4', video)],
    ]);
    expect(fields).toEqual({
      registrationDocument: HORSE_MESSAGES.documentTooLarge,
      performanceDocument: HORSE_MESSAGES.videoTooLarge,
    });
  });

  it('accepts a document of exactly 10485760 bytes', async () => {
    const exact = Buffer.alloc(10_485_760);
    exact.write('%PDF-1.4\n');
    const response = await register(validValues(), [
      ['registrationDocument', upload('exact.pdf', exact)],
      ...validFiles().slice(1),
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.registrationDocument.size).toBe(10_485_760);
  });

  it('refuses a signature that is not a PNG inside', async () => {
    const fake = `data:image/png;base64,${SAMPLE_BYTES.exe().toString('base64')}`;
    const before = await snapshot();
    const response = await register({ ...validValues(), ownerSignature: fake });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ ownerSignature: HORSE_MESSAGES.signatureInvalid });
    await expectNothingLeft(before);
  });
});

describe('all or nothing', () => {
  it('leaves no row and no file when the database fails after the files were stored', async () => {
    const db = suite.t.database.db;
    await db.execute(sql`
      create function fail_on_marker() returns trigger language plpgsql as $$
      begin
        if new.original_name = 'fail-here.png' then raise exception 'forced failure'; end if;
        return new;
      end $$`);
    await db.execute(sql`
      create trigger fail_on_marker before insert on horse_files
      for each row execute function fail_on_marker()`);
    try {
      const before = await snapshot();
      const response = await register(validValues(), [
        ...validFiles(),
        ['markingDocuments', upload('fail-here.png', SAMPLE_BYTES.png())],
      ]);
      expect(response.statusCode).toBe(500);
      expect(response.json().error).not.toContain('forced');
      await expectNothingLeft(before);
    } finally {
      await db.execute(sql`drop trigger fail_on_marker on horse_files`);
      await db.execute(sql`drop function fail_on_marker()`);
    }
  });

  it('removes files already moved into place when the commit itself fails', async () => {
    const db = suite.t.database.db;
    // A deferred constraint trigger fires at COMMIT, after the files were moved out of staging.
    await db.execute(sql`
      create function fail_at_commit() returns trigger language plpgsql as $$
      begin
        if new.first_choice = 'Fail At Commit' then raise exception 'forced commit failure'; end if;
        return new;
      end $$`);
    await db.execute(sql`
      create constraint trigger fail_at_commit after insert on horses
      deferrable initially deferred for each row execute function fail_at_commit()`);
    try {
      const before = await snapshot();
      const response = await register({ ...validValues(), firstChoice: 'Fail At Commit' });
      expect(response.statusCode).toBe(500);
      await expectNothingLeft(before);
    } finally {
      await db.execute(sql`drop trigger fail_at_commit on horses`);
      await db.execute(sql`drop function fail_at_commit()`);
    }
  });
});
