import type { UploadReference } from '@registry/domain';

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
 * (docs/decisions.md, "Register Horse: zod off the form's first paint"). The server checks each
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

/** A plain JSON copy of the values for the draft, and the upload references found in them. */
export function draftBodyOf(formValues: unknown): {
  values: Record<string, unknown>;
  uploads: UploadReference[];
} {
  const uploads: UploadReference[] = [];
  const copy = (value: unknown): unknown => {
    if (typeof Blob !== 'undefined' && value instanceof Blob) return null;
    if (isUploadReference(value)) {
      const { id, field, fileName, size } = value;
      uploads.push({ id, field, fileName, size });
      return value;
    }
    if (Array.isArray(value)) {
      // A list of files keeps only what was uploaded; other lists keep their places.
      const items = value.map(copy);
      return value.some((item) => item instanceof Blob) ? items.filter((i) => i !== null) : items;
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
