/** The envelope every API answer uses (DESIGN §4). */
export type ApiSuccess<T> = { success: true; data: T; message?: string };
export type ApiFailure = {
  success: false;
  error: string;
  /** Field name -> message, for validation errors. */
  fields?: Record<string, string>;
};
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;
