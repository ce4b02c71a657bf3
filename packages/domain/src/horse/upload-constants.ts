/**
 * The names and messages of resumable uploads (uploads.ts), without zod: the registration form
 * reads them as it opens (docs/decisions/0064-zod-off-the-first-paint.md).
 */

/** Where the tus endpoint lives; an upload's URL is `${UPLOADS_PATH}/<id>`. */
export const UPLOADS_PATH = '/api/uploads';

/** The tus `Upload-Metadata` keys the server reads: the form field (part name) and file name. */
export const UPLOAD_METADATA = { field: 'field', fileName: 'filename' } as const;

/** The part (or JSON key) of a register or edit request that lists upload ids. */
export const UPLOAD_IDS_PART = 'uploads';

/**
 * The part (or JSON key) of an edit request naming the stored marking photos (their file ids)
 * the edit keeps; new marking files are added to them (docs/api.md "Edit"). Absent: new marking
 * files replace the whole set and none keeps it, as before the part existed.
 */
export const KEEP_MARKINGS_PART = 'keepMarkingDocuments';

export const KEEP_MARKINGS_MESSAGES = {
  invalid: 'Must be a list of the stored marking photo ids to keep',
  notStored: "A photo to keep is not one of this horse's marking photos. Reload the horse.",
  changed: 'The marking photos were changed meanwhile. Reload the horse and try again.',
} as const;

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
