import type { UploadReference } from '@registry/domain';
import { heldUploadOf, isHeldFile, referenceOfHeld } from '../uploads/held-files';

/**
 * What of the form goes into a draft: every typed value and signature, chosen files only as the
 * references of their finished uploads (a File itself cannot be saved; one still uploading is
 * chosen again after a reload), and never a bank routing or account number (they go only to
 * the payment provider, docs/architecture.md "Payments in the browser").
 */

const NEVER_SAVED = new Set(['routingNumber', 'accountNumber']);

/**
 * A finished upload as the form keeps it (uploads/upload-tracker.ts makes them). Recognised by
 * its shape, without zod: this module loads with the form, which must open without loading zod
 * (docs/decisions/0064-zod-off-the-first-paint.md). The server checks each
 * reference of a saved draft with the domain's `uploadReferenceSchema`.
 */
function isUploadReference(value: unknown): value is UploadReference {
  if (typeof value !== 'object' || value === null) return false;
  const { id, field, fileName, size } = value as Record<string, unknown>;
  return (
    typeof id === 'string' &&
    typeof field === 'string' &&
    typeof fileName === 'string' &&
    typeof size === 'number'
  );
}

/** The form's finished background uploads (uploads/upload-tracker.ts). */
export interface FinishedUploads {
  referenceOf(file: unknown): UploadReference | undefined;
}

/**
 * A plain JSON copy of the values for the draft, and the upload references found in them. A
 * chosen file whose upload has finished is saved as its reference, in its place among the
 * values (so continuing puts it back in its field), and listed in `uploads`, which the server
 * keeps from expiring (docs/api.md "Drafts"); a continued draft's held uploads stay so.
 */
export function draftBodyOf(
  formValues: unknown,
  finished?: FinishedUploads,
): {
  values: Record<string, unknown>;
  uploads: UploadReference[];
} {
  const uploads: UploadReference[] = [];
  const copy = (value: unknown): unknown => {
    if (typeof Blob !== 'undefined' && value instanceof Blob) {
      const ref = finished?.referenceOf(value);
      if (!ref) return null;
      uploads.push(ref);
      return ref;
    }
    if (isHeldFile(value)) {
      // A stored horse file belongs to an edit, which keeps no draft.
      if (value.held !== 'upload') return null;
      const ref = referenceOfHeld(value);
      uploads.push(ref);
      return ref;
    }
    if (isUploadReference(value)) {
      const { id, field, fileName, size } = value;
      uploads.push({ id, field, fileName, size });
      return value;
    }
    if (Array.isArray(value)) {
      // A list of files keeps only what was uploaded; other lists keep their places.
      const items = value.map(copy);
      const files = value.some((item) => item instanceof Blob || isHeldFile(item));
      return files ? items.filter((i) => i !== null) : items;
    }
    if (typeof value === 'object' && value !== null) {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(value)) {
        out[key] = NEVER_SAVED.has(key) ? '' : copy(child);
      }
      return out;
    }
    return value === undefined ? null : value;
  };
  const values = copy(formValues);
  return {
    values:
      typeof values === 'object' && values !== null ? (values as Record<string, unknown>) : {},
    uploads,
  };
}

/**
 * The form values to continue from: the draft's values over the form's defaults, section by
 * section, so a field added to the form since the draft was saved still has its default.
 */
export function mergeDraftValues<T extends Record<string, unknown>>(
  defaults: T,
  saved: Record<string, unknown>,
): T {
  const merge = (base: unknown, over: unknown): unknown => {
    if (over === undefined) return base;
    if (
      typeof base === 'object' &&
      base !== null &&
      !Array.isArray(base) &&
      typeof over === 'object' &&
      over !== null &&
      !Array.isArray(over)
    ) {
      const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
      for (const [key, value] of Object.entries(over)) out[key] = merge(out[key], value);
      return out;
    }
    // A file field saved as null (not uploaded yet) keeps the form's empty value.
    if (over === null && base !== null) return base;
    return over;
  };
  return merge(defaults, saved) as T;
}

/**
 * Puts a continued draft's finished uploads back into its values: each upload reference the
 * draft's `uploads` lists becomes a held upload of its field (shown as uploaded, removable and
 * replaceable, and named by id on Save). References the list does not name are left out.
 */
export function restoreDraftUploads<T>(values: T, held: readonly UploadReference[]): T {
  const ids = new Set(held.map((ref) => ref.id));
  const restore = (value: unknown): unknown => {
    if (isUploadReference(value)) return ids.has(value.id) ? heldUploadOf(value) : null;
    if (Array.isArray(value)) {
      const items = value.map(restore);
      return value.some(isUploadReference) ? items.filter((i) => i !== null) : items;
    }
    if (typeof value === 'object' && value !== null && !(value instanceof Blob)) {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(value)) out[key] = restore(child);
      return out;
    }
    return value;
  };
  return restore(values) as T;
}
