import { describe, expect, it } from 'vitest';
import { HORSE_JSON_PARTS, HORSE_TEXT_PARTS } from '@registry/domain';
import { editFormData, registrationFormData } from './to-form-data';
import { file, SIGNATURE, validOutput } from './test-values';

const json = (body: FormData, part: string) => JSON.parse(String(body.get(part)));
const names = (body: FormData) => [...new Set([...body.keys()])];

describe('registrationFormData', () => {
  it('sends the text parts of docs/api.md', () => {
    const body = registrationFormData(validOutput());
    expect(body.get('registrationType')).toBe('Proven');
    expect(body.get('gaitDesignation')).toBe('Pacing');
    expect(body.get('performanceVerification')).toBe('Yes');
    expect(body.get('foalDate')).toBe('2020-04-01');
    expect(body.get('firstChoice')).toBe('Midnight Glide');
    expect(body.get('thirdChoice')).toBe('Easy Rack');
    expect(body.get('checkedOwnerInfo')).toBe('true');
    expect(body.get('ownerSignature')).toBe(SIGNATURE);
    expect(body.get('ownerType')).toBe('Single');
    expect(names(body)).not.toContain('registrationNum');
    expect(names(body)).not.toContain('fees');
  });

  it('sends every text and JSON part the API reads', () => {
    const body = registrationFormData(validOutput());
    for (const part of HORSE_TEXT_PARTS) expect(body.has(part)).toBe(true);
    for (const part of HORSE_JSON_PARTS) expect(() => json(body, part)).not.toThrow();
  });

  it('leaves the DNA test details out unless DNA is Yes', () => {
    const no = registrationFormData(validOutput({ DNA: 'No', DNA_TEST_DATE: '2023-01-01' }));
    expect(no.get('DNA_TEST_DATE')).toBe('');
    expect(no.get('DNA_CASE')).toBe('');
    const yes = registrationFormData(validOutput({ DNA: 'Yes', DNA_TEST_DATE: '2023-01-01' }));
    expect(yes.get('DNA_TEST_DATE')).toBe('2023-01-01');
    expect(yes.get('DNA_CASE')).toBe('C-1');
  });

  it('sends pedigree, markings, registries and owners as JSON parts without files', () => {
    const values = validOutput();
    values.sire.grand_dam = {
      ...values.sire.grand_dam,
      name: 'Grand Dam',
      paperwork: file('gd.pdf'),
    };
    values.otherRegistries[1] = {
      registryName: 'TWHBEA',
      registryNumber: '42',
      registryPaperwork: file('r.pdf'),
    };
    values.othermarkings = { ...values.othermarkings, face: 'Blaze' };
    const body = registrationFormData(values);

    const sire = json(body, 'sire');
    expect(sire.grand_dam).toEqual({
      name: 'Grand Dam',
      reg: '',
      otherRegName: '',
      otherRegNum: '',
    });
    expect(Object.keys(sire)).toEqual([
      'name',
      'reg',
      'otherRegName',
      'otherRegNum',
      'grand_sire',
      'grand_dam',
      'great_grand_sire',
      'great_grand_dam',
    ]);
    expect(json(body, 'dam').great_grand_dam).toEqual({
      name: '',
      reg: '',
      otherRegName: '',
      otherRegNum: '',
    });
    expect(json(body, 'othermarkings').face).toBe('Blaze');
    expect(json(body, 'otherRegistries')).toEqual([
      { registryName: '', registryNumber: '' },
      { registryName: 'TWHBEA', registryNumber: '42' },
      { registryName: '', registryNumber: '' },
      { registryName: '', registryNumber: '' },
    ]);
    expect(json(body, 'owners')).toEqual(values.owners);
  });

  it('sends each file under its part name', () => {
    const values = validOutput({ performanceDocument: file('run.mp4', 'video/mp4') });
    values.otherRegistries[3] = {
      ...values.otherRegistries[3]!,
      registryPaperwork: file('reg3.pdf'),
    };
    values.sire.paperwork = file('sire.pdf');
    values.dam.great_grand_dam = { ...values.dam.great_grand_dam, paperwork: file('ggd.pdf') };
    const body = registrationFormData(values);

    expect((body.get('registrationDocument') as File).name).toBe('papers.pdf');
    expect((body.get('performanceDocument') as File).name).toBe('run.mp4');
    expect(body.getAll('markingDocuments').map((f) => (f as File).name)).toEqual([
      'a.png',
      'b.png',
      'c.jpg',
      'd.jpeg',
    ]);
    expect((body.get('registryPaperwork3') as File).name).toBe('reg3.pdf');
    expect((body.get('sireRegistrationPaperwork0') as File).name).toBe('sire.pdf');
    expect((body.get('damRegistrationPaperwork4') as File).name).toBe('ggd.pdf');
    expect(names(body)).not.toContain('registryPaperwork0');
    expect(names(body)).not.toContain('sireRegistrationPaperwork1');
    // Files come last, so a streaming server has every field first.
    const order = [...body.keys()];
    expect(order.indexOf('owners')).toBeLessThan(order.indexOf('registrationDocument'));
  });
});

describe('editFormData', () => {
  it('leaves out the name choices and signature, and files nobody chose', () => {
    const body = editFormData(
      validOutput({ registrationDocument: null, markingDocuments: [], performanceDocument: null }),
    );
    for (const part of ['firstChoice', 'secondChoice', 'thirdChoice', 'ownerSignature']) {
      expect(names(body)).not.toContain(part);
    }
    expect(names(body)).not.toContain('registrationDocument');
    expect(names(body)).not.toContain('markingDocuments');
    expect(body.get('breed')).toBe('Racking Horse');
    expect(json(body, 'owners')).toHaveLength(1);
  });

  it('sends a newly chosen file to replace the stored one', () => {
    const body = editFormData(
      validOutput({ markingDocuments: [], registrationDocument: file('new.pdf') }),
    );
    expect((body.get('registrationDocument') as File).name).toBe('new.pdf');
  });
});
