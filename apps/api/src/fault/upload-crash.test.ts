import { createHash, randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { horseFiles } from '../db/schema.js';
import { createServerDatabase, MEMBER_A, usingPostgres } from '../test/harness.js';
import {
  buildForm,
  encodeForm,
  SAMPLE_BYTES,
  upload,
  validFiles,
  validValues,
} from '../test/multipart.js';
import { startServerProcess, type ServerProcess } from '../test/server-process.js';

/**
 * SIGKILL at random moments while 20 MB registrations stream in, ten times over, then a restart:
 * no horse row may point at a missing or partial file, and the staging area must be swept.
 */
const KILLS = 10;
const VIDEO_BYTES = 20 * 1024 * 1024 - 1024;

const dataDir = mkdtempSync(path.join(tmpdir(), 'registry-crash-'));
let pg: Awaited<ReturnType<typeof createServerDatabase>> | undefined;

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await pg?.drop();
});

async function signIn(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(MEMBER_A),
  });
  const body = (await response.json()) as { data?: { token: string } };
  if (!body.data) throw new Error(`sign-in failed: ${response.status}`);
  return body.data.token;
}

/**
 * Streams one registration with a 20 MB video in 256 KB pieces and kills the server once
 * `killAt` bytes are out (past the end: shortly after the whole body was sent, so some kills
 * land while files are committed).
 */
async function uploadAndKill(server: ServerProcess, token: string, killAt: number): Promise<void> {
  const form = buildForm(validValues(), [
    ...validFiles(),
    ['performanceDocument', upload('ride.mp4', SAMPLE_BYTES.mp4(VIDEO_BYTES), 'video/mp4')],
  ]);
  const { payload, headers } = await encodeForm(form);
  const url = new URL('/api/members/horses/register', server.baseURL);
  await new Promise<void>((resolve) => {
    const req = request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': payload.length, authorization: `Bearer ${token}` },
    });
    req.on('error', () => resolve());
    req.on('response', (response) => {
      response.resume();
      response.on('end', resolve);
      response.on('error', () => resolve());
    });
    let sent = 0;
    let killed = false;
    const killNow = () => {
      if (killed) return;
      killed = true;
      void server.kill('SIGKILL');
    };
    const pump = () => {
      while (sent < payload.length) {
        if (sent >= killAt) return killNow();
        const piece = payload.subarray(sent, sent + 256 * 1024);
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end();
      setTimeout(killNow, randomInt(0, 400));
    };
    pump();
  });
  await server.kill('SIGKILL');
}

describe('crash during uploads', () => {
  it(`leaves no row pointing at a missing or partial file after ${KILLS} SIGKILLs`, async () => {
    const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: '' };
    if (usingPostgres) {
      pg = await createServerDatabase();
      env.DATABASE_URL = pg.url;
    }
    for (let round = 0; round < KILLS; round += 1) {
      const server = await startServerProcess(env);
      const token = await signIn(server);
      await uploadAndKill(server, token, randomInt(0, VIDEO_BYTES + 2 * 1024 * 1024));
    }

    const staging = path.join(dataDir, 'uploads', 'tmp');
    const leftBehind = existsSync(staging) ? readdirSync(staging).length : 0;
    // A restart with short age limits sweeps what the killed requests left staged, and the files
    // they had committed without their rows (a shutdown waits for a sweep in progress).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const last = await startServerProcess({
      ...env,
      UPLOAD_STAGING_STALE_SECONDS: '1',
      UPLOAD_ORPHAN_AGE_SECONDS: '1',
    });
    await last.kill('SIGTERM');
    expect(readdirSync(staging)).toEqual([]);

    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL || undefined,
      dataDir: env.DATABASE_URL ? undefined : dataDir,
    });
    try {
      const rows = await database.db.select().from(horseFiles);
      const broken = rows.filter((row) => {
        const file = path.join(dataDir, 'uploads', row.storageKey.slice(0, 2), row.storageKey);
        if (!existsSync(file)) return true;
        const bytes = readFileSync(file);
        return (
          bytes.length !== row.size ||
          createHash('sha256').update(bytes).digest('hex') !== row.sha256
        );
      });
      expect(broken).toEqual([]);
      // Every committed file belongs to a row (the demo members have no profile pictures).
      const named = new Set(rows.map((row) => row.storageKey));
      const committed = readdirSync(path.join(dataDir, 'uploads'), { recursive: true })
        .map((entry) => path.basename(String(entry)))
        .filter((name) => /^[0-9a-f-]{36}$/.test(name));
      expect(committed.filter((key) => !named.has(key))).toEqual([]);
      // The kills were real: some requests died with files staged (swept above).
      expect(leftBehind + rows.length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 600_000);
});
