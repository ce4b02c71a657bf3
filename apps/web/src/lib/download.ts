import { GENERIC_MESSAGES } from '@registry/domain';
import { parse } from 'content-disposition';
import { api, type ApiError } from './api-client';

/**
 * The file name of a Content-Disposition header, if it gives one. The parser puts a decoded
 * RFC 8187 `filename*` (percent-encoded UTF-8) in `filename`, over the plain one, whose text is
 * taken as written, so a `%` in it is just a character; a header that does not parse leaves
 * the fallback.
 */
export function fileNameFrom(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  try {
    const { parameters } = parse(disposition);
    return parameters.filename || fallback;
  } catch {
    return fallback;
  }
}

/**
 * Downloads a file from a signed-in API route (the token travels in a header, so a plain
 * link cannot do it): fetches it as a blob and saves it under the server's file name.
 */
export async function downloadFromApi(url: string, fallbackName: string): Promise<void> {
  // Every status resolves here: an error body arrives as a Blob and must be read as JSON.
  const response = await api.getBlob(url);
  if (response.status >= 400) throw await blobError(response.data, response.status);
  const name = fileNameFrom(response.headers['content-disposition'], fallbackName);
  const href = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes away.
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

async function blobError(body: Blob, status: number): Promise<ApiError> {
  try {
    const parsed = JSON.parse(await body.text()) as { error?: unknown };
    if (typeof parsed.error === 'string') return { success: false, error: parsed.error, status };
  } catch {
    // Not JSON: fall through to the generic message.
  }
  return { success: false, error: GENERIC_MESSAGES.serverError, status };
}
