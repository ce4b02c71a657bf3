import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Server } from '@tus/server';
import { EVENTS, type Upload } from '@tus/utils';
import {
  UPLOADS_PATH,
  UPLOAD_MESSAGES,
  UPLOAD_METADATA,
  VIDEO_MAX_BYTES,
  uploadFieldProblem,
} from '@registry/domain';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../auth/index.js';
import { failureSchema } from '../../reply.js';
import { type FileStorage, safeFileName } from '../files/index.js';
import { filePart } from '../horses/index.js';
import { isRefusal, refusal } from './failures.js';
import { finishUpload } from './finish.js';
import {
  deleteUpload,
  openUploadCount,
  ownUpload,
  recordUpload,
  touchUpload,
} from './repository.js';
import type { TusStore } from './tus-store.js';

export interface UploadRoutesOptions {
  db: Db;
  storage: FileStorage;
  tus: TusStore;
}

/** Unfinished or unattached uploads one member may hold: a whole form is about 36 files. */
export const MAX_OPEN_UPLOADS = 100;
/** A long PATCH keeps its upload fresh for the sweep this often (sweep.ts). */
const TOUCH_EVERY_MS = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The raw request behind the web Request @tus/server hands its hooks (srvx's Node adapter). */
function rawOf(req: unknown): IncomingMessage | undefined {
  return (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
}

/**
 * How every upload route reads its address, the one reading the ownership check and
 * @tus/server share. Left to itself, @tus/server takes the last `/` segment of the whole URL,
 * query string included, so `/<own id>?x=/<other id>` passed our check as the member's own
 * upload and reached another's (issue 28 §4). So: an address with a query string or a fragment
 * is refused (`undefined`: tus clients never send one); otherwise the id is what follows
 * `UPLOADS_PATH/` when that is an upload id, and none for the endpoint itself or anything else.
 * @tus/server never reads an address again: it is handed the id that was checked
 * (`getFileIdFromRequest` below).
 */
export function readUploadAddress(url: string | undefined): { id?: string } | undefined {
  if (url === undefined || /[?#]/.test(url)) return undefined;
  const id = url.startsWith(`${UPLOADS_PATH}/`) ? url.slice(UPLOADS_PATH.length + 1) : '';
  return UUID.test(id) ? { id } : {};
}

/** Whether a response header is one of CORS's: the API answers none (plugins/security.ts). */
const isCors = (name: unknown) => String(name).toLowerCase().startsWith('access-control-');

/** The headers of a writeHead call without CORS's: a flat `[name, value, ...]` list, pairs, or an object. */
function withoutCors(headers: unknown): unknown {
  if (Array.isArray(headers)) {
    if (headers.every((entry) => Array.isArray(entry))) {
      return headers.filter((entry: unknown[]) => !isCors(entry[0]));
    }
    const kept: unknown[] = [];
    for (let i = 0; i < headers.length; i += 2) {
      if (!isCors(headers[i])) kept.push(headers[i], headers[i + 1]);
    }
    return kept;
  }
  if (headers && typeof headers === 'object') {
    return Object.fromEntries(Object.entries(headers).filter(([name]) => !isCors(name)));
  }
  return headers;
}

/**
 * Makes @tus/server's answer on `response` an API answer like every other: the headers Fastify
 * set for it (the API's security headers, no-store, the request id: plugins/security.ts and
 * request-id.ts, which a hijacked reply would otherwise lose) and the site's CORS policy, which
 * is none: the web app is served from the API's own origin (Vite's proxy does the same in
 * development), so no other origin is granted anything. @tus/server answers CORS on its own
 * (`*` by default, and Access-Control-Expose-Headers always); it writes its head in one
 * writeHead call, where those are left out.
 */
function answerAsTheApi(reply: FastifyReply): void {
  const response: ServerResponse = reply.raw;
  for (const [name, value] of Object.entries(reply.getHeaders() as OutgoingHttpHeaders)) {
    if (value !== undefined) response.setHeader(name, value);
  }
  const writeHead = response.writeHead.bind(response) as (...args: unknown[]) => ServerResponse;
  response.writeHead = ((...args: unknown[]) =>
    writeHead(...args.map((arg) => withoutCors(arg)))) as ServerResponse['writeHead'];
}

/**
 * The tus endpoint (docs/api.md "Uploads"): `POST /api/uploads` creates an upload for one form
 * field, `HEAD`/`PATCH /api/uploads/:id` resume and continue it, `DELETE` cancels it. Only the
 * member who created an upload can reach it; anyone else gets the 404 of an unknown id. The tus
 * protocol itself is @tus/server's; this file adds who may do what, the per-field limits and
 * the checks of a finished file (finish.ts).
 */
export const uploadRoutes: FastifyPluginAsync<UploadRoutesOptions> = async (app, options) => {
  const { db, storage, tus } = options;
  // Upload bodies stay unread here: @tus/server streams them into the store.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );
  const owners = new WeakMap<IncomingMessage, string>();
  /** The upload id each request was checked for: the only id @tus/server acts on. */
  const checkedIds = new WeakMap<IncomingMessage, string>();
  const touched = new Map<string, number>();

  const server = new Server({
    path: UPLOADS_PATH,
    datastore: tus.datastore,
    // The largest file of any field; each field's own limit is applied at creation below, and
    // the server never takes more bytes than an upload declared.
    maxSize: VIDEO_MAX_BYTES,
    relativeLocation: true,
    namingFunction: () => randomUUID(),
    // The id the ownership check passed, never a reading of the URL of tus's own (see
    // readUploadAddress); a request that was not checked names no upload (404).
    getFileIdFromRequest: (req) => {
      const raw = rawOf(req);
      return raw && checkedIds.get(raw);
    },
    // No origin is granted anything (answerAsTheApi removes tus's other CORS headers).
    allowedOrigins: () => false,
    onUploadCreate: async (req, upload) => {
      const raw = rawOf(req);
      const ownerId = raw && owners.get(raw);
      if (!ownerId) throw refusal(401, UPLOAD_MESSAGES.notFound);
      const field = upload.metadata?.[UPLOAD_METADATA.field] ?? '';
      const spec = filePart(field);
      if (!spec) throw refusal(400, UPLOAD_MESSAGES.unknownField);
      if (upload.size === undefined) throw refusal(400, UPLOAD_MESSAGES.noLength, spec.path);
      const fileName = safeFileName(upload.metadata?.[UPLOAD_METADATA.fileName] ?? '');
      const problem = uploadFieldProblem(field, { name: fileName, size: upload.size });
      if (problem) throw refusal(upload.size > spec.maxBytes ? 413 : 400, problem, spec.path);
      if ((await openUploadCount(db, ownerId)) >= MAX_OPEN_UPLOADS) {
        throw refusal(429, UPLOAD_MESSAGES.tooMany);
      }
      await recordUpload(db, { id: upload.id, ownerId, field, fileName, size: upload.size });
      // Only what the server decided is kept with the bytes: no other metadata of the client.
      return { metadata: { [UPLOAD_METADATA.field]: field, [UPLOAD_METADATA.fileName]: fileName } };
    },
    onUploadFinish: async (_req, upload: Upload) => {
      touched.delete(upload.id);
      await finishUpload({ db, storage, tus, log: app.log }, upload.id);
      return {};
    },
    onResponseError: (_req, error) => {
      if (isRefusal(error)) return undefined;
      const status = (error as { status_code?: number }).status_code;
      if (status === 413) return refusal(413, UPLOAD_MESSAGES.tooLarge);
      if (status === undefined || status >= 500) app.log.error({ err: error }, 'upload failed');
      return undefined;
    },
  });
  // A slow PATCH can outlast the expiry; its progress keeps the upload fresh on every instance.
  server.on(EVENTS.POST_RECEIVE, (_req, upload) => {
    const now = Date.now();
    if (now - (touched.get(upload.id) ?? 0) < TOUCH_EVERY_MS) return;
    touched.set(upload.id, now);
    touchUpload(db, upload.id, new Date(now)).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not touch an upload'),
    );
  });

  const pass = async (request: FastifyRequest, reply: FastifyReply, id?: string) => {
    // tus's concatenation extension (parallel parts joined on the server) is not offered: the
    // stores here lack it, and @tus/server would answer 501 for what is the client's choice.
    if (request.headers['upload-concat'] !== undefined) {
      return refuse(reply, 400, UPLOAD_MESSAGES.noConcat);
    }
    owners.set(request.raw, requireAuth(request).userId);
    if (id) checkedIds.set(request.raw, id);
    answerAsTheApi(reply);
    reply.hijack();
    // A refused PATCH (409 wrong offset: a browser re-sending a request from byte 0 after a
    // dropped connection) must not be read to its end only to be thrown away: closing the
    // connection after the answer stops the body. An upload needs one PATCH per try anyway.
    if (request.method === 'PATCH') reply.raw.setHeader('connection', 'close');
    await server.handle(request.raw, reply.raw);
  };
  const refuse = (reply: FastifyReply, status: number, error: string) =>
    reply.status(status).send({ success: false, error });
  const notFound = (reply: FastifyReply) => refuse(reply, 404, UPLOAD_MESSAGES.notFound);
  const badAddress = (reply: FastifyReply) => refuse(reply, 400, UPLOAD_MESSAGES.badAddress);

  /** The member's own upload, touched when the request will write to it; else undefined. */
  const ownersUpload = (request: FastifyRequest, id: string, touch: boolean) =>
    ownUpload(db, id, requireAuth(request).userId, touch);

  const member = { access: 'member' as const };
  const idParams = z.object({ id: z.string().max(64) });
  // The tus protocol answers these itself (the reply is hijacked): the schemas only document
  // them (docs/api.md "Uploads"); refusals carry our usual failure body.
  const doc = (summary: string, status: number, description: string) => ({
    tags: ['uploads'],
    summary,
    description: 'tus 1.0 resumable upload protocol (Tus-Resumable: 1.0.0); see docs/api.md.',
    security: [{ bearer: [] }],
    response: { [status]: z.null().describe(description), '4xx': failureSchema },
  });

  app.post(
    '/uploads',
    {
      config: member,
      schema: doc(
        'Start a resumable upload of one form file (Upload-Length, Upload-Metadata field and filename)',
        201,
        'Created: the Location header names the upload',
      ),
    },
    async (request, reply) => {
      if (!readUploadAddress(request.raw.url)) return badAddress(reply);
      return pass(request, reply);
    },
  );

  app.route({
    method: ['HEAD', 'PATCH'],
    url: '/uploads/:id',
    config: member,
    schema: {
      ...doc(
        'Ask how much of my upload arrived (HEAD) or send the next bytes from Upload-Offset (PATCH)',
        204,
        'Upload-Offset says how many bytes the server has; the last PATCH checks the file',
      ),
      params: idParams,
    },
    handler: async (request, reply) => {
      const address = readUploadAddress(request.raw.url);
      if (!address) return badAddress(reply);
      const row =
        address.id && (await ownersUpload(request, address.id, request.method === 'PATCH'));
      if (!row) return notFound(reply);
      return pass(request, reply, row.id);
    },
  });

  app.delete(
    '/uploads/:id',
    {
      config: member,
      schema: {
        ...doc('Cancel my upload, or remove a finished one not yet saved', 204, 'Removed'),
        params: idParams,
      },
    },
    async (request, reply) => {
      const address = readUploadAddress(request.raw.url);
      if (!address) return badAddress(reply);
      const row = address.id && (await ownersUpload(request, address.id, false));
      if (!row) return notFound(reply);
      const { id } = row;
      // Cancelling, or removing a finished file from the form: nothing of it stays.
      await deleteUpload(db, id);
      await tus.discard(id).catch(() => undefined);
      if (row.storageKey) await storage.remove(row.storageKey);
      return reply.status(204).header('tus-resumable', '1.0.0').send();
    },
  );
};
