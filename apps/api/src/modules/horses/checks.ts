import { Readable } from 'node:stream';
import type { z } from 'zod';
import { DOCUMENT_MIME_TYPES, GENERIC_MESSAGES, HORSE_MESSAGES } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import { verifiedMimeType, judgeZip, isOversized, type FileStorage } from '../files/index.js';
import { SIGNATURE_SPEC, type FilePartSpec } from './form-fields.js';
import { buildSchemaInput, fieldErrors, type FieldErrors } from './form-input.js';
import type { ReceivedFile, ReceivedForm } from './multipart.js';
import { nameChoiceProblems } from '../horse-names/index.js';
import { ownerMemberProblems } from './owner-members.js';

/** A received file whose bytes were checked: ready to be recorded. */
export interface AcceptedFile {
  spec: FilePartSpec;
  name: string;
  mime: string;
  key: string;
  size: number;
  sha256: string;
  /** The resumable upload the file came from (already committed; its row is claimed on save). */
  uploadId?: string;
}

const DOCX_MIME = DOCUMENT_MIME_TYPES.docx;

/** A .docx is a zip: judged by its central directory (documents are at most 10 MB). */
async function isSafeArchive(storage: FileStorage, key: string, kept?: Buffer): Promise<boolean> {
  const bytes = kept ?? Buffer.concat(await (await storage.open(key)).toArray());
  return judgeZip(bytes).ok;
}

/**
 * The bytes of a staged file: from memory when staging kept them (a small file), else read
 * from storage. Both are a byte stream (not an object-mode one, which `file-type` cannot read),
 * so `file-type` judges them the same way either way (its size limits differ for a buffer).
 */
async function contentOf(storage: FileStorage, key: string, kept?: Buffer): Promise<Readable> {
  return kept ? Readable.from([kept], { objectMode: false }) : storage.open(key);
}

/**
 * Magic-byte check of every staged file whose name and size the rules already accepted. A file
 * that fails gets the format message of its field, like a wrong extension would.
 */
async function checkContents(
  storage: FileStorage,
  files: ReceivedFile[],
  fields: FieldErrors,
): Promise<AcceptedFile[]> {
  const accepted: AcceptedFile[] = [];
  for (const file of files) {
    if (!file.staged || fields[file.spec.path]) continue;
    if (file.upload) {
      // A finished resumable upload was judged by checkStoredFile when its last byte arrived,
      // and its committed bytes never change (modules/uploads/finish.ts).
      accepted.push({
        spec: file.spec,
        name: file.name,
        mime: file.upload.mime,
        ...file.staged,
        uploadId: file.upload.id,
      });
      continue;
    }
    const { key, bytes } = file.staged;
    const verdict = await checkStoredFile(storage, file.spec, file.name, key, bytes);
    if ('problem' in verdict) {
      fields[file.spec.path] = verdict.problem;
      continue;
    }
    accepted.push({ spec: file.spec, name: file.name, mime: verdict.mime, ...file.staged });
  }
  return accepted;
}

/**
 * The content checks of one stored file, the same for a multipart part and a resumable upload:
 * magic bytes against the extension, and a .docx's zip limits. Answers the MIME type to serve
 * it with, or the message to show beside the field.
 */
export async function checkStoredFile(
  storage: FileStorage,
  spec: FilePartSpec,
  name: string,
  key: string,
  /** The file's bytes when staging kept them in memory (StagedFile.bytes). */
  kept?: Buffer,
): Promise<{ mime: string } | { problem: string }> {
  const mime = await verifiedMimeType(name, await contentOf(storage, key, kept));
  if (!mime) return { problem: spec.formatMessage };
  if (mime === DOCX_MIME && !(await isSafeArchive(storage, key, kept))) {
    return { problem: HORSE_MESSAGES.documentArchiveRefused };
  }
  return { mime };
}

/**
 * Judges a received form with the domain rules and checks its files' bytes. Answers 400 with
 * every problem by field path, or returns the parsed values and the accepted files.
 */
export async function checkForm<S extends z.ZodType>(
  storage: FileStorage,
  form: ReceivedForm,
  schema: S,
  serverOwned: { verified: string },
  /** Where name choices and owners' member numbers are looked up; every caller passes it. */
  db?: Executor,
): Promise<{ parsed: z.output<S>; files: AcceptedFile[] }> {
  const { input, problems } = buildSchemaInput(form, serverOwned);
  const result = schema.safeParse(input);
  const fields = result.success ? problems : fieldErrors(result.error, problems);
  // The register's rules that need the database (docs/api.md "Horse names", "Owners and member
  // numbers"): only once the form itself is valid, so a 400 lists them with nothing stored.
  if (result.success && db) {
    Object.assign(
      fields,
      await nameChoiceProblems(db, result.data),
      await ownerMemberProblems(db, result.data),
    );
  }
  const files = await checkContents(storage, form.files, fields);
  const first = Object.values(fields)[0];
  if (first !== undefined || !result.success) {
    throw new HttpError(400, first ?? GENERIC_MESSAGES.validationFailed, fields);
  }
  return { parsed: result.data, files };
}

/**
 * Stores the drawn signature (a PNG or JPEG data URL the rules accepted) as a file of the horse,
 * so answers can link it instead of repeating up to half a megabyte of text. The file is added
 * to the form, so it is cleaned up with the form's other files on failure.
 */
export async function stageSignature(
  storage: FileStorage,
  form: ReceivedForm,
  dataUrl: string,
): Promise<AcceptedFile> {
  const [header = '', base64 = ''] = dataUrl.split(',', 2);
  const name = header.includes('image/jpeg') ? 'signature.jpg' : 'signature.png';
  const result = await storage.stage(
    Readable.from([Buffer.from(base64, 'base64')]),
    SIGNATURE_SPEC.maxBytes,
  );
  if (isOversized(result)) {
    throw new HttpError(400, HORSE_MESSAGES.signatureTooLarge, {
      ownerSignature: HORSE_MESSAGES.signatureTooLarge,
    });
  }
  form.files.push({ spec: SIGNATURE_SPEC, name, size: result.size, staged: result });
  const mime = await verifiedMimeType(name, await contentOf(storage, result.key, result.bytes));
  if (!mime) {
    throw new HttpError(400, HORSE_MESSAGES.signatureInvalid, {
      ownerSignature: HORSE_MESSAGES.signatureInvalid,
    });
  }
  return { spec: SIGNATURE_SPEC, name, mime, ...result };
}
