import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, HORSE_MESSAGES } from '@registry/domain';
import { horseFiles } from '../../db/schema.js';
import { ADMIN, bearer, login } from '../../test/harness.js';
import {
  REGISTER,
  SAMPLE_BYTES,
  filesUnder,
  upload,
  validFiles,
  validValues,
  type Upload,
} from '../../test/multipart.js';
import { FORM_MESSAGES } from './form-fields.js';
import { registerSuite } from '../../test/register-route.js';

const { suite, register, snapshot, expectNothingLeft } = registerSuite();

describe('POST /api/members/horses/register', () => {
  it('needs a signed-in member: 401 anonymous, 403 for an administrator', async () => {
    const anonymous = await register(validValues(), validFiles(), null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ success: false, error: AUTH_MESSAGES.notAuthenticated });
    const admin = await register(
      validValues(),
      validFiles(),
      await login(suite.t.app, ADMIN, 'admin'),
    );
    expect(admin.statusCode).toBe(403);
  });

  it('refuses a body that is neither multipart nor a JSON form', async () => {
    const response = await suite.t.app.inject({
      ...REGISTER,
      headers: { ...bearer(suite.memberA), 'content-type': 'text/plain' },
      payload: 'firstChoice=x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().success).toBe(false);
    // A JSON form is judged by the same rules as a multipart one (files come as upload ids).
    const json = await suite.t.app.inject({
      ...REGISTER,
      headers: bearer(suite.memberA),
      payload: { firstChoice: 'x', bogus: 1 },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().fields.bogus).toBe(FORM_MESSAGES.unknownField);
  });
});

describe('a valid registration', () => {
  it('is stored pending and unpaid with its files, and answered with signed links (201)', async () => {
    const values = {
      ...validValues(),
      // Server-owned values a client cannot set.
      verified: 'Yes',
      registrationNum: 'GHR-999999',
      fees: '{"registrationFee":30}',
      checkedAgreement: 'true',
    };
    const files: Array<[string, Upload]> = [
      ...validFiles(),
      ['performanceDocument', upload('ride.mp4', SAMPLE_BYTES.mp4(), 'video/mp4')],
      ['registryPaperwork1', upload('other.doc', SAMPLE_BYTES.doc())],
      ['damRegistrationPaperwork2', upload('grand-dam.jpg', SAMPLE_BYTES.jpeg())],
      ['sireRegistrationPaperwork0', upload('../../etc/sire\u202egpj.pdf', SAMPLE_BYTES.pdf())],
    ];
    const response = await register(values, files);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    const horse = body.data;
    expect(horse).toMatchObject({
      verified: 'No',
      registrationNum: null,
      approvedName: null,
      approvalStatus: 'pending',
      paymentStatus: 'unpaid',
      paymentMode: null,
      firstChoice: 'Midnight Glide',
      foalDate: '2020-04-01',
      checkedOwnerInfo: true,
      owners: [{ memberNum: 'M-0001', zip: '40502' }],
      sire: { name: 'Midnight Sun', reg: 'GHR-1' },
      dam: { name: 'Velvet Rose', grand_dam: { name: 'Old Rose' } },
    });
    expect(horse.registrationDocument).toMatchObject({
      name: 'papers.pdf',
      mime: 'application/pdf',
    });
    expect(horse.markingDocuments.map((f: { name: string }) => f.name)).toEqual([
      'left.png',
      'right.jpg',
      'face.jpeg',
      'legs.PNG',
    ]);
    expect(horse.performanceDocument).toMatchObject({ name: 'ride.mp4', mime: 'video/mp4' });
    expect(horse.otherRegistries[1].registryPaperwork).toMatchObject({
      name: 'other.doc',
      mime: 'application/msword',
    });
    expect(horse.dam.grand_dam.paperwork).toMatchObject({ name: 'grand-dam.jpg' });
    // Folders and direction overrides are stripped from names.
    expect(horse.sire.paperwork.name).toBe('siregpj.pdf');
    expect(horse.ownerSignature).toMatchObject({ name: 'signature.png', mime: 'image/png' });
    expect(horse.registrationDocument.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\?exp=\d+&sig=/);

    const rows = await suite.t.database.db
      .select()
      .from(horseFiles)
      .where(eq(horseFiles.horseId, horse._id));
    expect(rows).toHaveLength(10);
    const pdf = rows.find((row) => row.kind === 'registrationDocument');
    const stored = readFileSync(
      path.join(suite.t.uploadsDir, pdf!.storageKey.slice(0, 2), pdf!.storageKey),
    );
    expect(stored.equals(SAMPLE_BYTES.pdf())).toBe(true);
    expect(pdf!.sha256).toBe(createHash('sha256').update(stored).digest('hex'));
    // Stored under server-made names, nothing left in staging.
    expect(filesUnder(suite.t.uploadsDir).some((f) => f.startsWith('tmp'))).toBe(false);
    expect(filesUnder(suite.t.uploadsDir).join()).not.toContain('papers');

    const read = await suite.t.app.inject({
      method: 'GET',
      url: `/api/members/horses/${horse._id}`,
      headers: bearer(suite.memberA),
    });
    expect(read.json().data).toMatchObject({ _id: horse._id, verified: 'No' });
  });

  it('accepts the spec’s registrationType[0] name and a .wmv video', async () => {
    const values = { ...validValues(), registrationType: undefined };
    const response = await register({ ...values, 'registrationType[0]': 'Unproven' }, [
      ...validFiles(),
      ['performanceDocument', upload('ride.wmv', SAMPLE_BYTES.wmv())],
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      registrationType: 'Unproven',
      performanceDocument: { mime: 'video/x-ms-wmv' },
    });
  });
});

describe('rules of the domain schema, as field errors', () => {
  const refused = async (
    values: Record<string, string | undefined>,
    files: Array<[string, Upload]> = validFiles(),
  ) => {
    const before = await snapshot();
    const response = await register(values, files);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(body.error).toBe(Object.values(body.fields)[0]);
    await expectNothingLeft(before);
    return body.fields as Record<string, string>;
  };

  it('reports required fields, dates, DNA, owners and the certification by path', async () => {
    const fields = await refused({
      ...validValues(),
      stateFoaledIn: '',
      sex: undefined,
      DNA: 'Yes',
      DNA_TEST_DATE: '',
      foalDate: '2999-01-01',
      firstChoice: '',
      checkedOwnerInfo: 'false',
      ownerSignature: '',
      owners: JSON.stringify([
        { memberNum: 'M-1', name: 'A', address: 'x', city: 'y', state: 'Ohio', zip: '' },
      ]),
    });
    expect(fields).toMatchObject({
      stateFoaledIn: HORSE_MESSAGES.stateFoaledInRequired,
      sex: HORSE_MESSAGES.sexRequired,
      DNA_TEST_DATE: HORSE_MESSAGES.dnaTestDateRequired,
      foalDate: HORSE_MESSAGES.foalDateInFuture,
      firstChoice: HORSE_MESSAGES.firstChoiceRequired,
      checkedOwnerInfo: HORSE_MESSAGES.termsRequired,
      ownerSignature: HORSE_MESSAGES.ownerSignatureRequired,
      'owners.0.zip': HORSE_MESSAGES.zipRequired,
    });
  });

  it('reports a breeding date before the foal date, Joint with one owner, long registry names', async () => {
    const fields = await refused({
      ...validValues(),
      breedingDate: '2019-01-01',
      ownerType: 'Joint',
      otherRegistries: JSON.stringify([
        { registryName: 'x'.repeat(51), registryNumber: '1'.repeat(31) },
      ]),
    });
    expect(fields).toMatchObject({
      breedingDate: HORSE_MESSAGES.breedingDateBeforeFoalDate,
      owners: HORSE_MESSAGES.jointOwnersCount,
      'otherRegistries.0.registryName': HORSE_MESSAGES.registryNameTooLong,
      'otherRegistries.0.registryNumber': HORSE_MESSAGES.registryNumberTooLong,
    });
  });

  it('reports a missing registration document and too few marking documents', async () => {
    const fields = await refused(validValues(), validFiles().slice(1, 4));
    expect(fields).toEqual({
      registrationDocument: HORSE_MESSAGES.registrationDocumentRequired,
      markingDocuments: HORSE_MESSAGES.markingDocumentsTooFew,
    });
    const none = await refused(validValues(), validFiles().slice(0, 1));
    expect(none).toEqual({ markingDocuments: HORSE_MESSAGES.markingDocumentsRequired });
  });

  it('refuses JSON parts that do not parse, naming the part', async () => {
    const fields = await refused({ ...validValues(), owners: '[{"name": ', sire: 'not json' });
    expect(fields).toMatchObject({
      owners: FORM_MESSAGES.invalidJson,
      sire: FORM_MESSAGES.invalidJson,
    });
  });

  it('refuses unknown parts and a second file where one is allowed', async () => {
    const fields = await refused({ ...validValues(), isAdmin: 'true' }, [
      ...validFiles(),
      ['registrationDocument', upload('again.pdf', SAMPLE_BYTES.pdf())],
      ['registryPaperwork4', upload('fifth.pdf', SAMPLE_BYTES.pdf())],
    ]);
    expect(fields).toMatchObject({
      isAdmin: FORM_MESSAGES.unknownField,
      registrationDocument: FORM_MESSAGES.oneFileOnly,
      registryPaperwork4: FORM_MESSAGES.unknownField,
    });
  });

  it('ignores file descriptors claimed inside JSON parts', async () => {
    const sire = JSON.parse(validValues().sire ?? '{}');
    const response = await register(
      {
        ...validValues(),
        sire: JSON.stringify({ ...sire, paperwork: { name: 'x.pdf', size: 1 } }),
      },
      validFiles(),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data.sire.paperwork).toBeNull();
  });
});
