import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { horses } from '../db/schema.js';
import { demoPdf, demoPng } from '../modules/horses/demo-files.js';

export { SIGNATURE_DATA_URL, validEditValues, validValues } from './registration-values.js';

/**
 * Multipart bodies for `app.inject`, built the way a browser builds them: a real FormData turned
 * into bytes by the platform's own encoder (`Response`), with its boundary header.
 */
export async function encodeForm(
  form: FormData,
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const response = new Response(form);
  const type = response.headers.get('content-type');
  if (!type) throw new Error('FormData gave no content type');
  return { payload: Buffer.from(await response.arrayBuffer()), headers: { 'content-type': type } };
}

/** Bytes that `file-type` recognises, one sample per kind of upload. */
export const SAMPLE_BYTES = {
  pdf: () => demoPdf('Registration papers'),
  png: () => demoPng(4, 3, [120, 80, 40]),
  jpeg: () =>
    Buffer.concat([
      Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
      Buffer.alloc(64),
      Buffer.from('ffd9', 'hex'),
    ]),
  /** An ISO base-media file: an `ftyp` box with the isom brand. */
  mp4: (size = 256) => {
    const bytes = Buffer.alloc(size);
    bytes.writeUInt32BE(24, 0);
    bytes.write('ftypisom', 4, 'latin1');
    bytes.writeUInt32BE(0x200, 12);
    bytes.write('isomiso2', 16, 'latin1');
    return bytes;
  },
  /** An ASF header object holding a video stream-properties object. */
  wmv: () => {
    const guid = (hex: string) => Buffer.from(hex.replace(/-/g, ''), 'hex');
    const streamProps = Buffer.concat([
      guid('9107dcb7-b7a9-cf11-8ee6-00c00c205365'),
      Buffer.from([78, 0, 0, 0, 0, 0, 0, 0]),
      guid('c0ef19bc-4d5b-cf11-a8fd-00805f5c442b'),
      Buffer.alloc(38),
    ]);
    const header = Buffer.concat([
      guid('3026b275-8e66-cf11-a6d9-00aa0062ce6c'),
      Buffer.from([30 + streamProps.length, 0, 0, 0, 0, 0, 0, 0]),
      Buffer.from([1, 0, 0, 0, 1, 2]),
    ]);
    return Buffer.concat([header, streamProps, Buffer.alloc(64)]);
  },
  /** An OLE compound file, the container of a Word 97 .doc. */
  doc: () => Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]),
  /** A Windows program: what a renamed .exe carries. */
  exe: () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512)]),
};

export interface Upload {
  bytes: Uint8Array;
  name: string;
  type?: string;
}

export const upload = (name: string, bytes: Uint8Array, type?: string): Upload => ({
  name,
  bytes,
  type,
});

/** The files of a valid registration: a PDF registration document and four marking photos. */
export function validFiles(): Array<[string, Upload]> {
  return [
    ['registrationDocument', upload('papers.pdf', SAMPLE_BYTES.pdf(), 'application/pdf')],
    ['markingDocuments', upload('left.png', SAMPLE_BYTES.png(), 'image/png')],
    ['markingDocuments', upload('right.jpg', SAMPLE_BYTES.jpeg(), 'image/jpeg')],
    ['markingDocuments', upload('face.jpeg', SAMPLE_BYTES.jpeg(), 'image/jpeg')],
    ['markingDocuments', upload('legs.PNG', SAMPLE_BYTES.png(), 'image/png')],
  ];
}

/**
 * A FormData from values (undefined leaves a part out) and files, in the order a browser sends
 * a form: values first, then files.
 */
export function buildForm(
  values: Record<string, string | undefined>,
  files: Array<[string, Upload]>,
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined) form.append(name, value);
  }
  for (const [name, file] of files) {
    // A copy: with the DOM's types (e2e's bench uses this file) a Blob takes only bytes over an
    // ArrayBuffer, not any ArrayBufferLike.
    form.append(name, new Blob([file.bytes.slice()], { type: file.type ?? '' }), file.name);
  }
  return form;
}

/** Every file under a folder (recursively), as paths relative to it: what a failure may leave. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

export interface Leftovers {
  horses: number;
  files: string[];
}

/** What a request could leave behind in an app: horse rows and files (staged or final). */
export async function leftovers(t: {
  database: { db: Db };
  uploadsDir: string;
}): Promise<Leftovers> {
  const rows = await t.database.db.select({ id: horses.id }).from(horses);
  return { horses: rows.length, files: filesUnder(t.uploadsDir).sort() };
}

/** Sends a register (POST) or edit (PUT) form as a member. */
export async function sendForm(
  app: FastifyInstance,
  token: string | undefined,
  request: { method: 'POST' | 'PUT'; url: string },
  values: Record<string, string | undefined>,
  files: Array<[string, Upload]>,
) {
  const { payload, headers } = await encodeForm(buildForm(values, files));
  return app.inject({
    ...request,
    payload,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

export const REGISTER = { method: 'POST', url: '/api/members/horses/register' } as const;
export const editOf = (id: string) =>
  ({ method: 'PUT', url: `/api/members/horses/${id}` }) as const;
