import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SAMPLE_BYTES } from '../../test/multipart.js';
import type { FileStorage } from '../files/index.js';
import { checkStoredFile } from './checks.js';
import { filePart } from './form-fields.js';

/** A storage that holds no file: any read of one fails the test. */
const nothingStored = {
  open: (key: string) => Promise.reject(new Error(`read ${key} from storage`)),
} as unknown as FileStorage;
const KEY = '11111111-1111-4111-8111-111111111111';
const document = filePart('registrationDocument')!;

describe('checkStoredFile', () => {
  it('judges the bytes staging kept in memory without reading the file again', async () => {
    await expect(
      checkStoredFile(nothingStored, document, 'papers.pdf', KEY, SAMPLE_BYTES.pdf()),
    ).resolves.toEqual({ mime: 'application/pdf' });
    await expect(
      checkStoredFile(nothingStored, document, 'papers.pdf', KEY, SAMPLE_BYTES.exe()),
    ).resolves.toEqual({ problem: document.formatMessage });
  });

  it('reads the stored file when staging kept nothing (a large file)', async () => {
    const storage = {
      open: () => Promise.resolve(Readable.from([SAMPLE_BYTES.pdf()], { objectMode: false })),
    } as unknown as FileStorage;
    await expect(checkStoredFile(storage, document, 'papers.pdf', KEY)).resolves.toEqual({
      mime: 'application/pdf',
    });
  });
});
