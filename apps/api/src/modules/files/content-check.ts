import type { Readable } from 'node:stream';
import { fileTypeFromStream } from 'file-type';
import { DOCUMENT_MIME_TYPES, VIDEO_MIME_TYPES, fileExtension } from '@registry/domain';

/**
 * What the first bytes of a file must look like for each extension we accept (as `file-type`
 * names them). A .doc is an OLE compound file ('cfb'); a .docx is a zip that `file-type`
 * recognises as 'docx' when its [Content_Types].xml comes first, and as a plain 'zip' otherwise.
 * An .mp4 may carry any ISO-media brand players accept ('m4v', QuickTime's 'mov'); a .wmv is ASF.
 */
const EXPECTED_CONTENT: Readonly<Record<string, readonly string[]>> = {
  pdf: ['pdf'],
  doc: ['cfb'],
  docx: ['docx', 'zip'],
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  mp4: ['mp4', 'm4v', 'mov'],
  wmv: ['asf'],
};

/** The type we store and serve for each accepted extension: our own list, never the client's. */
const SERVED_MIME: Readonly<Record<string, string>> = {
  ...DOCUMENT_MIME_TYPES,
  ...VIDEO_MIME_TYPES,
};

/**
 * Checks that a file's bytes are what its name says (a renamed .exe is not a PDF) and returns
 * the MIME type to serve it with, or undefined when the content does not match.
 */
export async function verifiedMimeType(
  name: string,
  content: Readable,
): Promise<string | undefined> {
  const extension = fileExtension(name);
  const expected = EXPECTED_CONTENT[extension];
  const mime = SERVED_MIME[extension];
  if (!expected || !mime) {
    content.destroy();
    return undefined;
  }
  try {
    const detected = await fileTypeFromStream(content);
    return detected && expected.includes(detected.ext) ? mime : undefined;
  } finally {
    content.destroy();
  }
}

/** Images are shown in the page; everything else is downloaded. */
export function isInlineType(mime: string): boolean {
  return mime === 'image/png' || mime === 'image/jpeg';
}
