import { describe, expect, it } from 'vitest';
import {
  buildHorseSchema,
  DOCUMENT_MAX_BYTES,
  fileExtension,
  HORSE_MESSAGES,
  isFileLike,
  VIDEO_MAX_BYTES,
} from '../index.js';
import { file, messagesAt, TEST_TODAY, validEdit, validRegistration } from './test-fixtures.js';

const register = buildHorseSchema('register', { today: TEST_TODAY });

describe('file helpers', () => {
  it('reads the extension case-insensitively after the last dot', () => {
    expect(fileExtension('Scan.Final.PDF')).toBe('pdf');
    expect(fileExtension('README')).toBe('');
    expect(fileExtension('.png')).toBe('');
  });

  it('recognises file descriptors and browser-like files', () => {
    expect(isFileLike({ name: 'a.pdf', size: 0 })).toBe(true);
    expect(isFileLike(new Blob(['x']))).toBe(false);
    expect(isFileLike({ name: 'a.pdf', size: -1 })).toBe(false);
    expect(isFileLike('a.pdf')).toBe(false);
  });

  it('accepts a real File and returns that very object', () => {
    const upload = new File(['%PDF-'], 'Papers.PDF', { type: 'application/pdf' });
    expect(isFileLike(upload)).toBe(true);
    const parsed = register.parse(validRegistration({ registrationDocument: upload }));
    expect(parsed.registrationDocument).toBe(upload);
  });

  it('returns the very descriptor it was given', () => {
    const document = file('papers.pdf');
    expect(
      register.parse(validRegistration({ registrationDocument: document })).registrationDocument,
    ).toBe(document);
  });
});

describe('registration document', () => {
  const at = (registrationDocument: unknown) =>
    messagesAt(register, { ...validRegistration(), registrationDocument }, 'registrationDocument');

  it('is required', () => {
    expect(at(null)).toEqual(['Horse Registration Document is required']);
    expect(at(undefined)).toEqual(['Horse Registration Document is required']);
  });

  it.each(['a.pdf', 'a.doc', 'a.docx', 'a.jpeg', 'a.jpg', 'a.png', 'A.PDF', 'scan.JpEg'])(
    'accepts %s',
    (name) => expect(at(file(name))).toEqual([]),
  );

  it.each(['a.gif', 'a.exe', 'pdf', 'a.pdf.exe', 'a.mp4'])('rejects %s', (name) => {
    expect(at(file(name))).toEqual(['Invalid file format. Please upload valid file type']);
  });

  it('accepts exactly 10485760 bytes and refuses one more', () => {
    expect(at(file('a.pdf', 10_485_760))).toEqual([]);
    expect(at(file('a.pdf', DOCUMENT_MAX_BYTES + 1))).toEqual(['Max size limit exceeded']);
  });

  it('rejects something that is not a file', () => {
    expect(at('papers.pdf')).toEqual([HORSE_MESSAGES.notAFile]);
  });
});

describe('marking documents', () => {
  const four = () => [file('a.png'), file('b.jpg'), file('c.jpeg'), file('d.png')];
  const at = (markingDocuments: unknown) =>
    messagesAt(register, { ...validRegistration(), markingDocuments }, 'markingDocuments');

  it('are required', () => {
    expect(at([])).toEqual(['Horse Marking Document is required']);
    expect(at(null)).toEqual(['Horse Marking Document is required']);
  });

  it('need at least 4 files', () => {
    expect(at(four().slice(0, 3))).toEqual(['At least 4 files are required.']);
    expect(at(four())).toEqual([]);
    expect(at([...four(), file('e.png')])).toEqual([]);
  });

  it('cap the number of files', () => {
    expect(at(Array.from({ length: 21 }, (_, i) => file(`${i}.png`)))).toEqual([
      HORSE_MESSAGES.markingDocumentsTooMany,
    ]);
  });

  it('accept only png, jpeg and jpg, in any case', () => {
    expect(at([...four().slice(1), file('D.JPG')])).toEqual([]);
    expect(at([...four().slice(1), file('d.pdf')])).toEqual([
      'Invalid file format. Please upload valid file type',
    ]);
  });

  it('limit each file to 10485760 bytes', () => {
    expect(at([...four().slice(1), file('d.png', 10_485_760)])).toEqual([]);
    expect(at([...four().slice(1), file('d.png', 10_485_761)])).toEqual([
      'Max size limit exceeded',
    ]);
  });

  it('report each kind of problem once', () => {
    expect(at([file('a.gif'), file('b.gif'), file('c.png', 10_485_761)])).toEqual([
      'At least 4 files are required.',
      'Invalid file format. Please upload valid file type',
      'Max size limit exceeded',
    ]);
  });
});

describe('performance video', () => {
  const at = (performanceDocument: unknown) =>
    messagesAt(register, { ...validRegistration(), performanceDocument }, 'performanceDocument');

  it('is optional', () => {
    expect(at(null)).toEqual([]);
    expect(at(undefined)).toEqual([]);
  });

  it.each(['ride.mp4', 'ride.wmv', 'RIDE.MP4', 'Ride.Wmv'])('accepts %s', (name) => {
    expect(at(file(name))).toEqual([]);
  });

  it.each(['ride.mov', 'ride.avi', 'ride.pdf'])('rejects %s', (name) => {
    expect(at(file(name))).toEqual(['Please upload only WMV or MP4 video files']);
  });

  it('accepts exactly 20MB and refuses one byte more', () => {
    expect(at(file('ride.mp4', 20 * 1024 * 1024))).toEqual([]);
    expect(at(file('ride.mp4', VIDEO_MAX_BYTES + 1))).toEqual(['File size must not exceed 20MB']);
  });
});

describe('paperwork uploads', () => {
  const registries = (registryPaperwork: unknown) =>
    validRegistration().otherRegistries.map((slot, i) =>
      i === 2 ? { ...slot, registryPaperwork } : slot,
    );

  it('is optional for other registries and checked when given', () => {
    const at = (paperwork: unknown) =>
      messagesAt(
        register,
        { ...validRegistration(), otherRegistries: registries(paperwork) },
        'otherRegistries.2.registryPaperwork',
      );
    expect(at(null)).toEqual([]);
    expect(at(file('cert.DOCX'))).toEqual([]);
    expect(at(file('cert.txt'))).toEqual(['Invalid file format. Please upload a valid file type']);
    expect(at(file('cert.pdf', 10_485_760))).toEqual([]);
    expect(at(file('cert.pdf', 10_485_761))).toEqual(['Max size limit exceeded']);
  });

  it('is optional for pedigree entries and checked when given', () => {
    const base = validRegistration();
    const withPaperwork = (paperwork: unknown) => ({
      ...base,
      dam: { ...base.dam, great_grand_sire: { ...base.dam.great_grand_sire, paperwork } },
    });
    const path = 'dam.great_grand_sire.paperwork';
    expect(messagesAt(register, withPaperwork(file('pedigree.png')), path)).toEqual([]);
    expect(messagesAt(register, withPaperwork(file('pedigree.zip')), path)).toEqual([
      HORSE_MESSAGES.paperworkFormat,
    ]);
    expect(
      messagesAt(
        register,
        { ...base, sire: { ...base.sire, paperwork: file('s.gif') } },
        'sire.paperwork',
      ),
    ).toEqual([HORSE_MESSAGES.paperworkFormat]);
  });
});

describe('files in edit mode', () => {
  const noFiles = validEdit({ registrationDocument: null, markingDocuments: [] });

  it('may keep the stored documents', () => {
    const edit = buildHorseSchema('edit', {
      today: TEST_TODAY,
      hasExistingFiles: { registrationDocument: true, markingDocuments: true },
    });
    expect(messagesAt(edit, noFiles, 'registrationDocument')).toEqual([]);
    expect(messagesAt(edit, noFiles, 'markingDocuments')).toEqual([]);
  });

  it('still require documents the horse does not have', () => {
    const edit = buildHorseSchema('edit', {
      today: TEST_TODAY,
      hasExistingFiles: { registrationDocument: true },
    });
    expect(messagesAt(edit, noFiles, 'registrationDocument')).toEqual([]);
    expect(messagesAt(edit, noFiles, 'markingDocuments')).toEqual([
      HORSE_MESSAGES.markingDocumentsRequired,
    ]);
    expect(messagesAt(buildHorseSchema('view'), noFiles, 'registrationDocument')).toEqual([
      HORSE_MESSAGES.registrationDocumentRequired,
    ]);
  });

  it('check replacements fully: a new marking set needs 4 files again', () => {
    const edit = buildHorseSchema('edit', {
      today: TEST_TODAY,
      hasExistingFiles: { registrationDocument: true, markingDocuments: true },
    });
    const input = validEdit({
      registrationDocument: file('new.gif'),
      markingDocuments: [file('a.png')],
    });
    expect(messagesAt(edit, input, 'registrationDocument')).toEqual([
      HORSE_MESSAGES.documentFormat,
    ]);
    expect(messagesAt(edit, input, 'markingDocuments')).toEqual([
      HORSE_MESSAGES.markingDocumentsTooFew,
    ]);
  });

  it('ignore stored files when registering', () => {
    const registerWithFlags = buildHorseSchema('register', {
      today: TEST_TODAY,
      hasExistingFiles: { registrationDocument: true, markingDocuments: true },
    });
    expect(
      messagesAt(
        registerWithFlags,
        validRegistration({ registrationDocument: null }),
        'registrationDocument',
      ),
    ).toEqual([HORSE_MESSAGES.registrationDocumentRequired]);
  });
});
