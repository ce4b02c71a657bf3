import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromStream } from 'file-type';
import { PROFILE_MESSAGES, PROFILE_PICTURE } from '@registry/domain';
import { HttpError } from '../../http-error.js';
import { isOversized, type FileStorage } from '../files/index.js';
import type { PictureFormat } from './avatar-links.js';

/** Parser limits: one file part, cut one byte past the allowed size so "too large" is known. */
export const PICTURE_MULTIPART_LIMITS = {
  fileSize: PROFILE_PICTURE.maxBytes + 1,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 6,
  headerPairs: 20,
} as const;

/** Decoding cap: a small PNG can claim huge dimensions (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;
/** A 256 px square is far smaller than this; the cap only guards the staging write. */
const MAX_OUTPUT_BYTES = 2 * 1024 * 1024;

const refuse = (message: string) =>
  new HttpError(400, message, { [PROFILE_PICTURE.field]: message });

async function drain(stream: Readable): Promise<void> {
  stream.resume();
  await new Promise((resolve) => stream.once('end', resolve).once('error', resolve));
}

async function detectFormat(content: Readable): Promise<PictureFormat | undefined> {
  try {
    const detected = await fileTypeFromStream(content);
    if (detected?.ext === 'png') return 'png';
    if (detected?.ext === 'jpg') return 'jpg';
    return undefined;
  } finally {
    content.destroy();
  }
}

/**
 * Takes the `profilePicture` part of a multipart request and stages the stored version: checked
 * by its bytes (PNG or JPEG, whatever its name says), decoded, turned upright, cropped to a
 * square and re-encoded in its own format, which drops EXIF and every other metadata. Never
 * holds more than the 5 MB upload in flight; the original is removed whatever happens.
 */
export async function stagePicture(
  request: FastifyRequest,
  storage: FileStorage,
): Promise<{ key: string; format: PictureFormat }> {
  const part = await request.file().catch((error: unknown) => {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('FST_')) {
      throw refuse(PROFILE_MESSAGES.pictureRequired);
    }
    throw error;
  });
  if (!part || part.fieldname !== PROFILE_PICTURE.field || part.filename === '') {
    if (part) await drain(part.file);
    throw refuse(PROFILE_MESSAGES.pictureRequired);
  }
  const original = await storage.stage(part.file, PROFILE_PICTURE.maxBytes);
  if (isOversized(original)) throw refuse(PROFILE_MESSAGES.pictureTooLarge);
  try {
    const format = await detectFormat(await storage.open(original.key));
    if (!format) throw refuse(PROFILE_MESSAGES.pictureType);
    const size = PROFILE_PICTURE.sizePx;
    // Loaded on the first picture: libvips is ~30 MB a server at rest need not hold.
    const { default: sharp } = await import('sharp');
    const transform = sharp({ limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(size, size, { fit: 'cover' });
    const encoded =
      format === 'png' ? transform.png({ compressionLevel: 9 }) : transform.jpeg({ quality: 85 });
    const source = await storage.open(original.key);
    source.on('error', (error) => encoded.destroy(error));
    const output = await storage.stage(source.pipe(encoded), MAX_OUTPUT_BYTES).catch(() => {
      // sharp could not decode it: a truncated or malformed image with a valid header.
      throw refuse(PROFILE_MESSAGES.pictureUnreadable);
    });
    if (isOversized(output)) throw refuse(PROFILE_MESSAGES.pictureUnreadable);
    return { key: output.key, format };
  } finally {
    await storage.remove(original.key);
  }
}
