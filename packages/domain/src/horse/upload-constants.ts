/**
 * The names and messages of resumable uploads (uploads.ts), without zod: the registration form
 * reads them as it opens (docs/decisions.md, "Register Horse: zod off the form's first paint").
 */

/** Where the tus endpoint lives; an upload's URL is `${UPLOADS_PATH}/<id>`. */
export const UPLOADS_PATH = '/api/uploads';

/** The tus `Upload-Metadata` keys the server reads: the form field (part name) and file name. */
export const UPLOAD_METADATA = { field: 'field', fileName: 'filename' } as const;

/** The part (or JSON key) of a register or edit request that lists upload ids. */
export const UPLOAD_IDS_PART = 'uploads';

export const UPLOAD_MESSAGES = {
  unknownField: 'This field does not take files',
  noLength: 'The upload must state its size',
  tooMany: 'Too many unfinished uploads. Save or remove some files first.',
  notFound: 'Upload not found',
  notAvailable: 'This file is no longer available. Please choose it again.',
  alreadyUsed: 'A file was already saved with another form. Please choose it again.',
  checkFailed: 'The file could not be checked. Please try again.',
  tooLarge: 'The file is larger than this field allows',
  badAddress: 'An upload address is the upload endpoint or an upload id, with nothing after it',
  noConcat: 'Each file is sent as one upload: parallel uploads (Upload-Concat) are not supported',
} as const;
