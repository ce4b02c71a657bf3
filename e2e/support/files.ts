import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';

export interface RegistrationFiles {
  pdf: string;
  jpgs: string[];
  mp4: string;
}

/** A small but well-formed PDF: header, one empty page, trailer. */
const PDF = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
trailer << /Root 1 0 R >>
%%EOF
`;

/** An MP4 whose first box is `ftyp` with the isom brand, then an empty `mdat`. */
function mp4Bytes(): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2'),
  ]);
  const mdat = Buffer.concat([Buffer.from([0, 0, 0, 0x10]), Buffer.from('mdat'), Buffer.alloc(8)]);
  return Buffer.concat([ftyp, mdat]);
}

/**
 * Real files for the registration journey. The JPEG photos are drawn and encoded by the
 * browser itself, so they are genuine images with correct magic bytes.
 */
export async function makeRegistrationFiles(page: Page): Promise<RegistrationFiles> {
  const dir = mkdtempSync(path.join(tmpdir(), 'registry-e2e-files-'));
  const pdf = path.join(dir, 'registration-papers.pdf');
  writeFileSync(pdf, PDF);
  const mp4 = path.join(dir, 'performance.mp4');
  writeFileSync(mp4, mp4Bytes());
  const dataUrls = await page.evaluate(() =>
    ['#6b4226', '#2f2f2f', '#c9a66b', '#8b5a2b'].map((color) => {
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = color;
        context.fillRect(0, 0, 64, 48);
      }
      return canvas.toDataURL('image/jpeg', 0.9);
    }),
  );
  const jpgs = dataUrls.map((url, index) => {
    const file = path.join(dir, `marking-${index + 1}.jpg`);
    writeFileSync(file, Buffer.from(url.split(',')[1] ?? '', 'base64'));
    return file;
  });
  return { pdf, jpgs, mp4 };
}
