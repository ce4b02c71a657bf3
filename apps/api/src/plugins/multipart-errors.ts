import { GENERIC_MESSAGES } from '@registry/domain';
import { HttpError } from '../http-error.js';

/**
 * The multipart parser's failures as client errors. @fastify/multipart names its own errors
 * with FST_* codes; the busboy parser underneath throws plain errors without a code (an empty
 * or missing boundary, a body cut short, a boundary too long to search for), which are known by
 * where they were thrown. Either way the request, not the server, was at fault.
 */
const BY_CODE: Record<string, { status: number; message: string }> = {
  FST_PARTS_LIMIT: { status: 413, message: 'The form has too many parts' },
  FST_FILES_LIMIT: { status: 413, message: 'The form has too many files' },
  FST_FIELDS_LIMIT: { status: 413, message: 'The form has too many fields' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'A file is too large' },
  FST_PROTO_VIOLATION: { status: 400, message: 'The form has a field name that is not allowed' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    message: 'Send the form as multipart/form-data',
  },
  FST_INVALID_JSON_FIELD_ERROR: {
    status: 400,
    message: 'A JSON field of the form is not valid JSON',
  },
  FST_MP_PREMATURE_CLOSE: { status: 400, message: GENERIC_MESSAGES.malformedUpload },
};

/** Busboy and its parts live under this folder; their errors carry no code of their own. */
const PARSER_FRAME = /[\\/]@fastify[\\/]busboy[\\/]/;
const PARSER_MESSAGE =
  /Boundary not found|Boundary required|Unexpected end of (form|multipart data)|terminated early due to unexpected end|The needle|Malformed|Unsupported Content-Type|Missing Content-Type/i;

function fromParser(error: Error): boolean {
  return PARSER_FRAME.test(error.stack ?? '') || PARSER_MESSAGE.test(error.message);
}

/** The client error to answer for a multipart failure, or undefined when it is something else. */
export function multipartFailure(error: unknown): HttpError | undefined {
  if (error instanceof HttpError || !(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code in BY_CODE) {
    const known = BY_CODE[code];
    if (known) return new HttpError(known.status, known.message);
  }
  if (code === undefined && fromParser(error)) {
    return new HttpError(400, GENERIC_MESSAGES.malformedUpload);
  }
  return undefined;
}
