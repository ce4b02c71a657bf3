import { finished } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http-error.js';
import { safeFileName, isOversized, type FileStorage, type StagedFile } from '../files/index.js';
import {
  FORM_MESSAGES,
  filePart,
  valuePart,
  type FilePartSpec,
  type FormMode,
} from './form-fields.js';

/**
 * Limits handed to the multipart parser. Files are capped once more per part (documents at
 * 10 MB) while they stream; this cap only stops the largest allowed file, the 20 MB video, one
 * byte past its limit so we can tell "too large" from "exactly 20 MB".
 */
export const MULTIPART_LIMITS = {
  fileSize: 20 * 1024 * 1024 + 1,
  // 1 registration document + 20 marking documents + 1 video + 4 + 10 paperwork = 36.
  files: 40,
  fields: 100,
  // The owner signature is a data URL of up to 500,000 characters.
  fieldSize: 1_048_576,
  fieldNameSize: 100,
  parts: 150,
  headerPairs: 20,
} as const;

export interface ReceivedFile {
  spec: FilePartSpec;
  /** The member's file name, sanitised; only shown, never used as a path. */
  name: string;
  /** Bytes received; past the part's limit the count stops at the first byte too many. */
  size: number;
  /** Null when the file was too large (nothing was kept). */
  staged: StagedFile | null;
  /**
   * Set when the file is a finished resumable upload (modules/uploads): its bytes are already
   * committed and checked, so the save neither commits nor removes them; the transaction that
   * writes the horse deletes the upload row instead (all or nothing).
   */
  upload?: { id: string; mime: string };
}

/** A multipart request taken apart: values by field, files staged on disk, naming problems. */
export interface ReceivedForm {
  values: Map<string, unknown>;
  files: ReceivedFile[];
  /** Field path -> message for parts that could not be taken (unknown name, value too long...). */
  problems: Record<string, string>;
  /**
   * Set by an edit that changes the marking set (edit.ts): the stored photos it keeps, judged
   * with the new ones against the set's minimum and maximum.
   */
  keptMarkings?: Array<{ name: string; size: number }>;
}

export function emptyForm(): ReceivedForm {
  return { values: new Map(), files: [], problems: {} };
}

/** Removes every staged file of a form: the request failed, or its files were replaced. */
export async function discardForm(storage: FileStorage, form: ReceivedForm): Promise<void> {
  await Promise.all(
    form.files.map((file) =>
      // A refused save leaves the member's finished uploads in place to be sent again.
      file.staged && !file.upload ? storage.remove(file.staged.key) : undefined,
    ),
  );
}

async function drain(stream: Readable): Promise<void> {
  stream.resume();
  await finished(stream);
}

/** A JSON part a client sent as a file (a Blob typed application/json). */
async function readSmallText(stream: Readable, max: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= max) chunks.push(chunk);
  }
  return size <= max ? Buffer.concat(chunks).toString('utf8') : undefined;
}

async function receiveFile(
  part: MultipartFile,
  form: ReceivedForm,
  storage: FileStorage,
  mode: FormMode,
): Promise<void> {
  const value = valuePart(part.fieldname, mode);
  if (value) {
    if (value.kind === 'ignored') return drain(part.file);
    const text = await readSmallText(part.file, MULTIPART_LIMITS.fieldSize);
    if (text === undefined) form.problems[value.name] = FORM_MESSAGES.valueTooLong;
    else form.values.set(value.name, text);
    return;
  }
  const spec = filePart(part.fieldname);
  if (!spec) {
    form.problems[part.fieldname] = FORM_MESSAGES.unknownField;
    return drain(part.file);
  }
  // A browser sends an empty, nameless part for a file input left empty.
  if (part.filename === '') return drain(part.file);
  if (!spec.multiple && form.files.some((file) => file.spec.path === spec.path)) {
    form.problems[spec.path] = FORM_MESSAGES.oneFileOnly;
    return drain(part.file);
  }
  const result = await storage.stage(part.file, spec.maxBytes);
  const received = { spec, name: safeFileName(part.filename) };
  form.files.push(
    isOversized(result)
      ? { ...received, size: result.size, staged: null }
      : { ...received, size: result.size, staged: result },
  );
}

function receiveValue(part: MultipartValue, form: ReceivedForm, mode: FormMode): void {
  const value = valuePart(part.fieldname, mode);
  if (!value) {
    form.problems[part.fieldname] = FORM_MESSAGES.unknownField;
    return;
  }
  if (value.kind === 'ignored') return;
  if (part.valueTruncated) {
    form.problems[value.name] = FORM_MESSAGES.valueTooLong;
    return;
  }
  // The parser has already decoded parts sent with Content-Type application/json.
  const raw = part.value;
  form.values.set(value.name, typeof raw === 'string' || value.kind === 'json' ? raw : String(raw));
}

/** The parser's own failures, as answers a member can act on. */
function translate(error: unknown): unknown {
  const code = (error as { code?: unknown }).code;
  switch (code) {
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new HttpError(413, FORM_MESSAGES.tooManyParts);
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new HttpError(400, FORM_MESSAGES.invalidJson);
    case 'FST_PROTO_VIOLATION':
      return new HttpError(400, FORM_MESSAGES.unknownField);
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new HttpError(415, FORM_MESSAGES.notMultipart);
    case 'FST_MP_PREMATURE_CLOSE':
      return new HttpError(400, FORM_MESSAGES.incomplete);
    default:
      if (
        error instanceof Error &&
        /Unexpected end of (form|multipart data)/i.test(error.message)
      ) {
        return new HttpError(400, FORM_MESSAGES.incomplete);
      }
      return error;
  }
}

/**
 * Reads a register or edit request part by part, streaming each file into the staging area
 * (never whole into memory). On any failure every file staged so far is removed. Files already
 * staged are touched while later parts still arrive: a slow save of many files outlasts the
 * staging staleness, and the staging sweep of any server sharing the folder takes only files
 * untouched that long (docs/operations.md "Scaling out").
 */
export async function receiveForm(
  request: FastifyRequest,
  storage: FileStorage,
  mode: FormMode,
): Promise<ReceivedForm> {
  if (!request.isMultipart()) throw new HttpError(415, FORM_MESSAGES.notMultipart);
  const form = emptyForm();
  const staged = () =>
    form.files.flatMap((file) => (file.staged && !file.upload ? [file.staged.key] : []));
  const keeper = setInterval(() => {
    storage.touchStaged(staged()).catch((error: unknown) => {
      request.log.warn({ err: error }, 'could not touch staged uploads');
    });
  }, storage.touchEveryMs);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') await receiveFile(part, form, storage, mode);
      else receiveValue(part, form, mode);
    }
  } catch (error) {
    await discardForm(storage, form);
    throw translate(error);
  } finally {
    clearInterval(keeper);
  }
  // The request goes on to check and commit what it holds: fresh from here for a full staleness.
  await storage.touchStaged(staged()).catch((error: unknown) => {
    request.log.warn({ err: error }, 'could not touch staged uploads');
  });
  return form;
}
