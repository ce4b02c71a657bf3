import type { UploadReference } from '@registry/domain';
import { isImageFile, type FileRef } from '../../../lib/horse-types';

/**
 * Files a horse form holds without their bytes (docs/decisions/0072-drafts-on-the-server.md and
 * docs/decisions/0073-edits-name-the-marking-photos-they-keep.md): a finished upload a continued
 * draft brings back, and a marking photo the edited horse has stored. Both count towards the
 * field's rules like a chosen file (the domain rules read `name` and `size`), show in its list, and
 * can be removed or replaced; Save names them by id (to-form-data.ts) instead of sending bytes.
 */
export interface HeldUpload {
  held: 'upload';
  /** The upload id the server gave. */
  id: string;
  /** The upload field it was sent for (docs/api.md "Uploads"). */
  field: string;
  name: string;
  size: number;
}

/**
 * A file the horse has stored, held by its field in an edit (or the view) just as the answer
 * gives it (`FileRef`, at the same path: domain horse/file-slots.ts). Save sends nothing for it:
 * the stored file stays. Marking photos are named in `keepMarkingDocuments` instead.
 */
export interface StoredFile {
  held: 'stored';
  /** The horse file id (`FileRef.id`): what the edit's `keepMarkingDocuments` names. */
  id: string;
  name: string;
  size: number;
  url: string;
  image: boolean;
}

/** A stored marking photo (the marking field lists them: docs/decisions/0073). */
export type StoredPhoto = StoredFile;

export function storedFileOf(ref: FileRef): StoredFile {
  return {
    held: 'stored',
    id: ref.id,
    name: ref.name,
    size: ref.size,
    url: ref.url,
    image: isImageFile(ref),
  };
}

export function isStoredFile(value: unknown): value is StoredFile {
  return isHeldFile(value) && value.held === 'stored';
}

export type HeldFile = HeldUpload | StoredPhoto;

export function isHeldFile(value: unknown): value is HeldFile {
  if (typeof value !== 'object' || value === null) return false;
  const { held, id } = value as Record<string, unknown>;
  return (held === 'upload' || held === 'stored') && typeof id === 'string';
}

export function heldUploadOf(ref: UploadReference): HeldUpload {
  return { held: 'upload', id: ref.id, field: ref.field, name: ref.fileName, size: ref.size };
}

export function referenceOfHeld(file: HeldUpload): UploadReference {
  return { id: file.id, field: file.field, fileName: file.name, size: file.size };
}
