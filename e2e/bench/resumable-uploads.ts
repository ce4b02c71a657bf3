/**
 * Resumable uploads (issue 14 targets, docs/api.md "Uploads"), through the tus routes of a
 * running server, as the form sends them: each file uploaded ahead, then a save naming the ids.
 * - the save of a registration whose 20 MB video (and other files) are already uploaded;
 * - a 20 MB upload whose connection drops at half: the bytes sent in all, the resume included;
 * - the server's memory growth while 10 members' 20 MB videos upload at once.
 */
import { UPLOAD_FIELDS, VIDEO_MAX_BYTES } from '@registry/domain';
import { memberToken } from './api-throughput.js';
import type { RunningServer } from './server.js';
import {
  JPEG,
  PDF,
  mp4Video,
  registrationValues,
  resetPeak,
  restingKb,
  sampleResident,
  statusKb,
  toMb,
} from './uploads.js';

const MB = 1024 * 1024;
const CONCURRENT = 10;
const SAVES = 5;

export interface ResumableFigures {
  /** Median over SAVES registrations, each with its files uploaded ahead. */
  saveMs: number;
  saveStatuses: number[];
  /** The cut upload: bytes the client sent in all (first try + resume) and the file's size. */
  cutSentMb: number;
  cutFileMb: number;
  cutCompleted: boolean;
  concurrent: {
    uploads: number;
    finished: number;
    baselineMb: number;
    peakMb: number;
    growthMb: number;
    ms: number;
  };
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

async function createUpload(
  baseURL: string,
  token: string,
  field: string,
  name: string,
  size: number,
) {
  const response = await fetch(`${baseURL}/api/uploads`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': `field ${b64(field)},filename ${b64(name)}`,
    },
  });
  const location = response.headers.get('location');
  if (response.status !== 201 || !location)
    throw new Error(`upload creation answered ${response.status}`);
  return new URL(location, baseURL).pathname;
}

/** Sends `body` from `offset`; answers the status (204 when the server took it). */
async function patch(baseURL: string, token: string, path: string, offset: number, body: BodyInit) {
  const response = await fetch(`${baseURL}${path}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body,
    duplex: 'half',
  } as RequestInit);
  await response.arrayBuffer();
  return response.status;
}

async function serverOffset(baseURL: string, token: string, path: string): Promise<number> {
  const response = await fetch(`${baseURL}${path}`, {
    method: 'HEAD',
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' },
  });
  return Number(response.headers.get('upload-offset'));
}

/** One whole file uploaded ahead; answers its upload id. */
async function uploadAhead(
  baseURL: string,
  token: string,
  field: string,
  name: string,
  bytes: Blob,
) {
  const path = await createUpload(baseURL, token, field, name, bytes.size);
  const status = await patch(baseURL, token, path, 0, bytes);
  if (status !== 204) throw new Error(`upload of ${name} answered ${status}`);
  return path.split('/').at(-1) ?? '';
}

/** A registration's files uploaded ahead, then the timed save of the form with their ids. */
async function saveWithUploads(baseURL: string, token: string, video: Blob, index: number) {
  const ids = [
    await uploadAhead(
      baseURL,
      token,
      UPLOAD_FIELDS.registrationDocument,
      'papers.pdf',
      new Blob([PDF]),
    ),
    ...(await Promise.all(
      ['left', 'right', 'face', 'legs'].map((side) =>
        uploadAhead(
          baseURL,
          token,
          UPLOAD_FIELDS.markingDocuments,
          `${side}.jpg`,
          new Blob([JPEG]),
        ),
      ),
    )),
    await uploadAhead(baseURL, token, UPLOAD_FIELDS.performanceDocument, 'gait.mp4', video),
  ];
  const values: Record<string, unknown> = {
    ...registrationValues(),
    firstChoice: `Bench Ahead ${index}`,
    checkedOwnerInfo: true,
    uploads: ids,
  };
  const started = performance.now();
  const response = await fetch(`${baseURL}/api/members/horses/register`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(values),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/**
 * The first half of the file, then the connection breaks (the body stream errors, as a dropped
 * link ends a request); the client asks what arrived and sends only the rest.
 */
async function cutAndResume(baseURL: string, token: string) {
  const file = Buffer.from(await mp4Video(VIDEO_MAX_BYTES).arrayBuffer());
  const path = await createUpload(
    baseURL,
    token,
    UPLOAD_FIELDS.performanceDocument,
    'cut.mp4',
    file.length,
  );
  const half = file.length / 2;
  const chunk = 256 * 1024;
  let sent = 0;
  const firstTry = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent >= half) {
        // Give the server a moment to write what it received, then drop the connection.
        await new Promise((resolve) => setTimeout(resolve, 200));
        controller.error(new Error('connection dropped'));
        return;
      }
      const piece = file.subarray(sent, Math.min(sent + chunk, half));
      sent += piece.length;
      controller.enqueue(piece);
    },
  });
  await patch(baseURL, token, path, 0, firstTry).catch(() => 0);
  const offset = await serverOffset(baseURL, token, path);
  const rest = file.subarray(offset);
  const status = await patch(baseURL, token, path, offset, new Blob([rest]));
  return { sentBytes: sent + rest.length, completed: status === 204, size: file.length };
}

/** CONCURRENT members' largest videos uploading at once, with the server's RSS around them. */
async function concurrentUploads(server: RunningServer, token: string, video: Blob) {
  const baselineKb = await restingKb(server.pid);
  const exactPeak = resetPeak(server.pid);
  const sampler = sampleResident(server.pid);
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) =>
      uploadAhead(
        server.baseURL,
        token,
        UPLOAD_FIELDS.performanceDocument,
        `many-${i}.mp4`,
        video,
      ).then(
        () => true,
        () => false,
      ),
    ),
  );
  const ms = Math.round(performance.now() - started);
  const samples = sampler.stop();
  const sampledPeakKb = Math.max(...samples);
  const peakKb = exactPeak ? Math.max(sampledPeakKb, statusKb(server.pid, 'VmHWM')) : sampledPeakKb;
  return {
    uploads: CONCURRENT,
    finished: results.filter(Boolean).length,
    baselineMb: toMb(baselineKb),
    peakMb: toMb(peakKb),
    growthMb: toMb(peakKb - baselineKb),
    ms,
  };
}

export async function measureResumableUploads(server: RunningServer): Promise<ResumableFigures> {
  const token = await memberToken(server.baseURL);
  const video = mp4Video(VIDEO_MAX_BYTES);
  // A first small round loads every code path on the way.
  await saveWithUploads(server.baseURL, token, mp4Video(256), 0);
  const saves = [];
  for (let i = 1; i <= SAVES; i += 1)
    saves.push(await saveWithUploads(server.baseURL, token, video, i));
  const times = saves.map((save) => save.ms).sort((a, b) => a - b);
  const cut = await cutAndResume(server.baseURL, token);
  const concurrent = await concurrentUploads(server, token, video);
  return {
    saveMs: Math.round(times[times.length >> 1] ?? NaN),
    saveStatuses: saves.map((save) => save.status),
    cutSentMb: Math.round((cut.sentBytes / MB) * 10) / 10,
    cutFileMb: cut.size / MB,
    cutCompleted: cut.completed,
    concurrent,
  };
}

export function resumableUploadsSection(figures: ResumableFigures | { error: string }): string[] {
  const lines = [
    '## Resumable uploads (tus): save with a 20 MB video uploaded ahead under 1 s; a 20 MB',
    'upload cut at half sends at most 21 MB in all; 10 concurrent 20 MB uploads grow the',
    "server's memory by at most 32 MB",
    '',
  ];
  if ('error' in figures) return [...lines, `Not measured: ${figures.error}`, ''];
  const c = figures.concurrent;
  const yes = (met: boolean) => (met ? 'yes' : 'no');
  return [
    ...lines,
    'Through the API as the form sends it (`POST /api/uploads`, one `PATCH` per file, then the',
    'register call naming the upload ids). The save is timed from sending the register request to',
    'its answer (the browser shows its success message on that answer), median of ' +
      `${SAVES} registrations (statuses ${figures.saveStatuses.join(', ')}). The cut upload sends`,
    'half the file, the connection then drops; the client asks the server what arrived (`HEAD`)',
    "and sends only the rest. Memory: the server's resident memory (VmRSS/VmHWM from /proc)",
    'during the uploads, less its resting value.',
    '',
    '| figure | measured | target | met |',
    '|---|---|---|---|',
    `| save, files uploaded ahead (ms) | ${figures.saveMs} | under 1000 | ${yes(figures.saveMs < 1000)} |`,
    `| 20 MB cut at half and resumed: MB sent in all | ${figures.cutSentMb} of ${figures.cutFileMb} (${figures.cutCompleted ? 'completed' : 'NOT completed'}) | at most 21 | ${yes(figures.cutCompleted && figures.cutSentMb <= 21)} |`,
    `| 10 concurrent 20 MB uploads: memory growth MB (rest ${c.baselineMb}, peak ${c.peakMb}; ${c.finished} of ${c.uploads} finished in ${c.ms} ms) | ${c.growthMb} | at most 32 | ${yes(c.finished === c.uploads && c.growthMb <= 32)} |`,
    '',
    'The browser test `e2e/resumable-upload.e2e.test.ts` cuts a 20 MB video in Chromium through a',
    'slowed, cutting proxy and counts the bytes it forwarded: about 21.0 MB in all',
    '(docs/decisions/0069-resumable-uploads-with-tus.md).',
    '',
  ];
}
