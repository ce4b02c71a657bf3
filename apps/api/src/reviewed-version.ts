import { ADMIN_MESSAGES, type FieldChange } from '@registry/domain';
import { HttpError } from './http-error.js';

/*
 * Decisions (approve, reject, transfer, a change request's decision) name the version of what
 * was reviewed (docs/api.md "Approvals"): `version` in the body, or `If-Match: "<version>"`.
 */

const IF_MATCH = /^\s*(?:W\/)?"?(\d{1,10})"?\s*$/;

/** The version a decision names; 428 when it names none. */
export function reviewedVersion(bodyVersion: number | undefined, ifMatch: unknown): number {
  if (bodyVersion !== undefined) return bodyVersion;
  const header = typeof ifMatch === 'string' ? IF_MATCH.exec(ifMatch) : null;
  const version = header ? Number(header[1]) : NaN;
  if (!Number.isSafeInteger(version) || version < 1) {
    throw new HttpError(428, ADMIN_MESSAGES.versionRequired, {
      version: ADMIN_MESSAGES.versionRequired,
    });
  }
  return version;
}

/**
 * A decision's body with the version it names filled in (from `If-Match` when the body has
 * none); 428 when it names none.
 */
export function reviewedDecision<B extends { version?: number | undefined }>(request: {
  body: B;
  headers: { 'if-match'?: string | undefined };
}): B & { version: number } {
  return {
    ...request.body,
    version: reviewedVersion(request.body.version, request.headers['if-match']),
  };
}

/** 409 with what the caller needs for a second look. */
export function changedSinceReviewed(
  message: string,
  currentVersion: number,
  changes: FieldChange[],
): HttpError {
  return new HttpError(409, message, undefined, { currentVersion, changes });
}
