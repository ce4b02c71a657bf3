import type { VersionConflict } from '@registry/domain';

/** An error whose message is safe to show the caller, with the status to answer. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
    /** A decision named an older version: what the caller needs for a second look. */
    readonly conflict?: VersionConflict,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
