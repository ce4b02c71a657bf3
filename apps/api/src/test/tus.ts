import type { FastifyInstance } from 'fastify';
import { UPLOADS_PATH } from '@registry/domain';

/**
 * The tus requests a browser's tus-js-client sends, through `app.inject`: create an upload for a
 * form field, send bytes from an offset, ask where it stands, cancel it.
 */
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export async function createUpload(
  app: FastifyInstance,
  token: string,
  field: string,
  fileName: string,
  size: number,
) {
  const response = await app.inject({
    method: 'POST',
    url: UPLOADS_PATH,
    headers: {
      ...TUS,
      ...auth(token),
      'upload-length': String(size),
      'upload-metadata': `field ${b64(field)},filename ${b64(fileName)}`,
    },
  });
  const location = response.headers.location;
  const id = typeof location === 'string' ? location.split('/').pop() : undefined;
  return { response, id };
}

export function patchUpload(
  app: FastifyInstance,
  token: string,
  id: string,
  offset: number,
  bytes: Uint8Array,
) {
  return app.inject({
    method: 'PATCH',
    url: `${UPLOADS_PATH}/${id}`,
    headers: {
      ...TUS,
      ...auth(token),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: Buffer.from(bytes),
  });
}

export function headUpload(app: FastifyInstance, token: string, id: string) {
  return app.inject({
    method: 'HEAD',
    url: `${UPLOADS_PATH}/${id}`,
    headers: { ...TUS, ...auth(token) },
  });
}

export function deleteUpload(app: FastifyInstance, token: string, id: string) {
  return app.inject({
    method: 'DELETE',
    url: `${UPLOADS_PATH}/${id}`,
    headers: { ...TUS, ...auth(token) },
  });
}

/** Creates an upload and sends all of it in one PATCH; answers the finishing response. */
export async function uploadWhole(
  app: FastifyInstance,
  token: string,
  field: string,
  fileName: string,
  bytes: Uint8Array,
) {
  const { response, id } = await createUpload(app, token, field, fileName, bytes.length);
  if (response.statusCode !== 201 || !id) return { id, response };
  return { id, response: await patchUpload(app, token, id, 0, bytes) };
}

/**
 * A register (POST) or edit (PUT) the way the web form now saves: every file sent first as its
 * own resumable upload, then the form as JSON naming the upload ids. Answers the first refused
 * upload's finishing response, or the save's response.
 */
export async function saveThroughUploads(
  app: FastifyInstance,
  token: string,
  request: { method: 'POST' | 'PUT'; url: string },
  values: Record<string, string | undefined>,
  files: Array<[string, { name: string; bytes: Uint8Array }]>,
) {
  const ids: string[] = [];
  for (const [field, file] of files) {
    const sent = await uploadWhole(app, token, field, file.name, file.bytes);
    if (sent.response.statusCode !== 204 || !sent.id) return sent.response;
    ids.push(sent.id);
  }
  return app.inject({
    ...request,
    headers: auth(token),
    payload: { ...values, uploads: ids },
  });
}
