/** The envelope every API answer uses (DESIGN §4). */
export type ApiSuccess<T> = { success: true; data: T; message?: string };
export type ApiFailure = {
  success: false;
  error: string;
  /** Field name -> message, for validation errors. */
  fields?: Record<string, string>;
  /**
   * A decision made on an older version (409): the version now, and what changed since the
   * one the decision named (empty when that version is not known).
   */
  conflict?: VersionConflict;
};

export type VersionConflict = {
  currentVersion: number;
  changes: Array<{ field: string; from: string; to: string }>;
};
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;
