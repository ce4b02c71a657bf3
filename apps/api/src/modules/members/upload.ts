import type { FastifyRequest } from 'fastify';
import { GENERIC_MESSAGES } from '@registry/domain';
import { HttpError } from '../../http-error.js';

/**
 * Reads the one file of a small multipart upload into memory (a CSV of at most a few MB),
 * refusing a missing file, a second one, or one over `maxBytes`.
 */
export async function readSingleFile(
  request: FastifyRequest,
  maxBytes: number,
  messages: { missing: string; tooLarge: string },
): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data');
  let file: Buffer | undefined;
  let tooLarge = false;
  let extra = false;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size <= maxBytes) chunks.push(chunk);
      }
      if (size > maxBytes || part.file.truncated) tooLarge = true;
      else if (file) extra = true;
      else file = Buffer.concat(chunks);
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(400, messages.missing, { file: messages.missing });
    }
    throw new HttpError(400, 'The upload did not arrive complete. Please try again.');
  }
  if (tooLarge) throw new HttpError(413, messages.tooLarge, { file: messages.tooLarge });
  if (!file || extra) throw new HttpError(400, messages.missing, { file: messages.missing });
  // A text file with a NUL byte is not text; PostgreSQL could not store what it holds.
  if (file.includes(0)) {
    throw new HttpError(400, GENERIC_MESSAGES.unsafeText, { file: GENERIC_MESSAGES.unsafeText });
  }
  return file;
}
