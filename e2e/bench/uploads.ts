import { readFileSync, writeFileSync } from 'node:fs';
import { UPLOAD_FIELDS, VIDEO_MAX_BYTES } from '@registry/domain';
import { validValues } from '../../apps/api/src/test/registration-values.js';
import { memberToken } from './api-throughput.js';
import type { RunningServer } from './server.js';

/** One batch of registrations sent at once, with the server's resident memory around it. */
export interface UploadRun {
  uploads: number;
  /** How many were answered 201 Created. */
  created: number;
  /** Every status seen, in sending order. */
  statuses: number[];
  baselineMb: number;
  peakMb: number;
  growthMb: number;
  /** From the first byte sent to the last answer read. */
  ms: number;
  /** RSS readings taken while the uploads ran. */
  samples: number;
  /** The highest of those readings, beside the kernel's exact peak (`peakMb`) when it could be read. */
  sampledPeakMb: number;
}

export interface UploadFigures {
  videoMb: number;
  single: UploadRun;
  concurrent: UploadRun;
}

const MB = 1024 * 1024;
const CONCURRENT = 10;
const SAMPLE_EVERY_MS = 20;
const BASELINE_MS = 1000;
const REGISTER_PATH = '/api/members/horses/register';

/** A size line of the server's /proc status in KiB: VmRSS now, or VmHWM (its peak). */
export function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status);
  if (!match?.[1]) throw new Error(`no ${field} for process ${pid}`);
  return Number(match[1]);
}

export const residentKb = (pid: number) => statusKb(pid, 'VmRSS');

/**
 * Resets the kernel's peak-RSS mark to the current RSS, so VmHWM afterwards is the exact peak
 * between two samples too. Returns false where /proc/<pid>/clear_refs cannot be written; the
 * samples alone then give the peak.
 */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Reads the server's RSS every few milliseconds until stopped; returns all samples (KiB). */
export function sampleResident(pid: number): { stop(): number[] } {
  const samples = [residentKb(pid)];
  const timer = setInterval(() => samples.push(residentKb(pid)), SAMPLE_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      samples.push(residentKb(pid));
      return samples;
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;
export const toMb = (kb: number) => Math.round((kb / 1024) * 10) / 10;

/**
 * The server's resting RSS: no `global.gc` reaches another process, so the median of a second
 * of samples taken while nothing is sent stands for it.
 */
export async function restingKb(pid: number): Promise<number> {
  const sampler = sampleResident(pid);
  await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));
  return median(sampler.stop());
}

/**
 * An ISO base-media file of exactly `size` bytes: an `ftyp` box with the isom brand (what the
 * server's content check sniffs for an .mp4), then zeros standing in for the media data.
 */
export function mp4Video(size: number): Blob {
  const bytes = Buffer.alloc(size);
  bytes.writeUInt32BE(24, 0);
  bytes.write('ftypisom', 4, 'latin1');
  bytes.writeUInt32BE(0x200, 12);
  bytes.write('isomiso2', 16, 'latin1');
  return new Blob([bytes], { type: 'video/mp4' });
}

/** A JPEG start-of-image marker and JFIF header, padding, end of image: enough for sniffing. */
export const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64),
  Buffer.from('ffd9', 'hex'),
]);

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< >>\n%%EOF\n',
);

/** A valid registration (the API tests' form, a horse foaled in 2020) under the bench's names. */
export function registrationValues(): Record<string, string> {
  return {
    ...validValues(),
    bredBy: 'Bench Farm',
    firstChoice: 'Bench Upload',
    secondChoice: 'Bench Stream',
    thirdChoice: 'Bench Video',
  };
}

/** A registration form as a browser sends it: values first, then the files. */
function registrationForm(video: Blob): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(registrationValues())) form.append(name, value);
  form.append(
    UPLOAD_FIELDS.registrationDocument,
    new Blob([PDF], { type: 'application/pdf' }),
    'papers.pdf',
  );
  const photo = new Blob([JPEG], { type: 'image/jpeg' });
  for (const side of ['left', 'right', 'face', 'legs']) {
    form.append(UPLOAD_FIELDS.markingDocuments, photo, `${side}.jpg`);
  }
  form.append(UPLOAD_FIELDS.performanceDocument, video, 'performance.mp4');
  return form;
}

/**
 * Sends one registration; its status, or 0 when a 201 came back without the whole video stored
 * (a registration that dropped the large file must not count as complete).
 */
async function register(baseURL: string, token: string, video: Blob): Promise<number> {
  const response = await fetch(`${baseURL}${REGISTER_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: registrationForm(video),
  });
  const body = (await response.json()) as {
    data?: { performanceDocument?: { size?: number } | null };
  };
  if (response.status !== 201) return response.status;
  return body.data?.performanceDocument?.size === video.size ? 201 : 0;
}

/** Sends `count` registrations at once after taking the resting RSS; samples RSS throughout. */
async function uploadBatch(
  server: RunningServer,
  token: string,
  video: Blob,
  count: number,
): Promise<UploadRun> {
  const baselineKb = await restingKb(server.pid);
  const exactPeak = resetPeak(server.pid);
  const sampler = sampleResident(server.pid);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: count }, () => register(server.baseURL, token, video)),
  );
  const ms = Math.round(performance.now() - started);
  const samples = sampler.stop();
  const sampledPeakKb = Math.max(...samples);
  const peakKb = exactPeak ? Math.max(sampledPeakKb, statusKb(server.pid, 'VmHWM')) : sampledPeakKb;
  return {
    uploads: count,
    created: statuses.filter((status) => status === 201).length,
    statuses,
    baselineMb: toMb(baselineKb),
    peakMb: toMb(peakKb),
    growthMb: toMb(peakKb - baselineKb),
    ms,
    samples: samples.length,
    sampledPeakMb: toMb(sampledPeakKb),
  };
}

/**
 * Registrations carrying the largest allowed video (an .mp4 of exactly VIDEO_MAX_BYTES) against
 * a running server, one and then CONCURRENT at once, with the growth of the server's RSS. A
 * first registration with a tiny video loads every code path on the way, so the growth is what
 * the large body costs, not first-use compilation.
 */
export async function measureUploads(server: RunningServer): Promise<UploadFigures> {
  const token = await memberToken(server.baseURL);
  const warmUp = await register(server.baseURL, token, mp4Video(256));
  if (warmUp !== 201) throw new Error(`warm-up registration answered ${warmUp}`);
  const video = mp4Video(VIDEO_MAX_BYTES);
  const single = await uploadBatch(server, token, video, 1);
  const concurrent = await uploadBatch(server, token, video, CONCURRENT);
  return { videoMb: VIDEO_MAX_BYTES / MB, single, concurrent };
}
