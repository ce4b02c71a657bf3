import { createHash, randomUUID } from 'node:crypto';
import {
  mkdir,
  open,
  readdir,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** A file written to the staging area: not yet part of any record. */
export interface StagedFile {
  key: string;
  size: number;
  sha256: string;
  /**
   * The whole file, when it is small (at most KEPT_IN_MEMORY bytes): its content checks read
   * these instead of opening the file again. Absent for larger files and finished uploads.
   */
  bytes?: Buffer;
}

/**
 * Files up to this size are also kept in memory while staged (StagedFile.bytes) and written to
 * disk in one call: most documents and photos of a form are this small, and the streams,
 * reopening and rereading each one cost more CPU than the bytes themselves (issue 30).
 */
export const KEPT_IN_MEMORY = 64 * 1024;

/** The source was longer than allowed; nothing was kept. `size` is what was read (> max). */
export interface OversizedFile {
  tooLarge: true;
  size: number;
}

export type StageResult = StagedFile | OversizedFile;

export function isOversized(result: StageResult): result is OversizedFile {
  return 'tooLarge' in result;
}

/**
 * Where uploaded bytes live. A file is first staged (written under a server-made key, outside
 * every record), then committed once the database rows that name it are written, or removed.
 * Keeping the interface this small lets an S3-compatible store replace the local disk later.
 */
export interface FileStorage {
  /**
   * Streams `source` into the staging area while counting and hashing it. Past `maxBytes` it
   * stops writing but keeps reading, so the request body is still consumed, and reports the
   * file as too large.
   */
  stage(source: Readable, maxBytes: number): Promise<StageResult>;
  /** Makes a staged file permanent. */
  commit(key: string): Promise<void>;
  /** Reads a staged or committed file. Rejects when there is no such file. */
  open(key: string): Promise<Readable>;
  /** Removes a staged or committed file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Marks staged files as still in use by a live request, so the staging sweep of no server
   * (sweepStaged: "untouched for the staleness") takes them; a missing file is not an error.
   * A request holding files must call it at least every `touchEveryMs`.
   */
  touchStaged(keys: readonly string[]): Promise<void>;
  /** How often a request holding staged files touches them (a third of the staleness). */
  readonly touchEveryMs: number;
  /**
   * Keys of the committed files that were committed before `cutoffMs` (epoch milliseconds), for
   * the orphan sweep (orphan-sweep.ts). Files committed since are never listed.
   */
  committedBefore(cutoffMs: number): AsyncIterable<string>;
}

const KEY = /^[0-9a-f-]{36}$/;
/** Staleness when none is configured (init without one): a day. */
const DEFAULT_STALE_MS = 24 * 60 * 60 * 1000;
/** The folders committed files are spread over: the first two characters of their keys. */
const SPREAD_FOLDER = /^[0-9a-f]{2}$/;

/** Local disk: `<root>/tmp/<key>` while staged, `<root>/<first two chars>/<key>` once committed. */
export class LocalDiskStorage implements FileStorage {
  private readonly stagingDir: string;
  /** The staleness this server sweeps with (init); every server of one folder uses the same. */
  private staleAfterMs = DEFAULT_STALE_MS;

  constructor(private readonly root: string) {
    this.stagingDir = path.join(root, 'tmp');
  }

  /** Creates the folders (owner-only) and clears staged files a crash may have left behind. */
  async init(staleAfterMs = DEFAULT_STALE_MS): Promise<void> {
    this.staleAfterMs = staleAfterMs;
    await mkdir(this.stagingDir, { recursive: true, mode: 0o700 });
    await this.sweepStaged(staleAfterMs);
  }

  get touchEveryMs(): number {
    return Math.min(60_000, Math.max(100, Math.floor(this.staleAfterMs / 3)));
  }

  async touchStaged(keys: readonly string[]): Promise<void> {
    const now = new Date();
    await Promise.all(
      keys.map((key) =>
        utimes(this.stagedPath(key), now, now).catch((error: NodeJS.ErrnoException) => {
          // Committed or removed meanwhile: nothing left to keep.
          if (error.code !== 'ENOENT') throw error;
        }),
      ),
    );
  }

  /**
   * Removes staged files nobody has written to for `staleAfterMs`: a request streaming into
   * one keeps touching it, so only files of dead requests (a crash, a dropped connection) go,
   * even when other servers share the folder. Returns how many were removed.
   */
  async sweepStaged(staleAfterMs: number): Promise<number> {
    const now = Date.now();
    let removed = 0;
    for (const name of await readdir(this.stagingDir).catch(() => [] as string[])) {
      const file = path.join(this.stagingDir, name);
      const info = await stat(file).catch(() => undefined);
      if (info && now - info.mtimeMs > staleAfterMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Where a staged file lies on disk (adapters that commit elsewhere read it from here). */
  stagedPath(key: string): string {
    return path.join(this.stagingDir, checkKey(key));
  }

  private committedPath(key: string): string {
    return path.join(this.root, checkKey(key).slice(0, 2), key);
  }

  async stage(source: Readable, maxBytes: number): Promise<StageResult> {
    const key = randomUUID();
    const target = this.stagedPath(key);
    const hash = createHash('sha256');
    let size = 0;
    // The first KEPT_IN_MEMORY bytes are held; a larger file is then streamed to disk.
    const held: Buffer[] = [];
    let file: FileHandle | undefined;
    try {
      for await (const chunk of source as AsyncIterable<Buffer | string>) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        size += bytes.length;
        // Past the limit nothing more is kept, but the source is read to its end.
        if (size > maxBytes) continue;
        hash.update(bytes);
        if (file) {
          await writeAll(file, bytes);
          continue;
        }
        held.push(bytes);
        if (size <= KEPT_IN_MEMORY) continue;
        file = await open(target, 'w', 0o600);
        await writeAll(file, Buffer.concat(held.splice(0)));
      }
      if (size > maxBytes) {
        await file?.close();
        file = undefined;
        await rm(target, { force: true });
        return { tooLarge: true, size };
      }
      if (file) {
        await file.close();
        file = undefined;
        return { key, size, sha256: hash.digest('hex') };
      }
      const bytes = Buffer.concat(held, size);
      await writeFile(target, bytes, { mode: 0o600 });
      return { key, size, sha256: hash.digest('hex'), bytes };
    } catch (error) {
      await file?.close().catch(() => undefined);
      await rm(target, { force: true });
      throw error;
    }
  }

  async commit(key: string): Promise<void> {
    const target = this.committedPath(key);
    // Same file system, so the rename is atomic: a reader sees the whole file or none. The
    // folder is made only when the rename finds it missing (once per folder, not per file).
    await rename(this.stagedPath(key), target).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await rename(this.stagedPath(key), target);
    });
  }

  async open(key: string): Promise<Readable> {
    for (const file of [this.committedPath(key), this.stagedPath(key)]) {
      // Opening first turns a missing file into a rejection here, before any header is sent.
      const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (handle) return handle.createReadStream();
    }
    throw Object.assign(new Error(`No stored file ${key}`), { code: 'ENOENT' });
  }

  async remove(key: string): Promise<void> {
    await rm(this.stagedPath(key), { force: true });
    await rm(this.committedPath(key), { force: true });
  }

  async *committedBefore(cutoffMs: number): AsyncIterable<string> {
    const folders = await readdir(this.root).catch(() => [] as string[]);
    for (const folder of folders.filter((name) => SPREAD_FOLDER.test(name))) {
      const names = await readdir(path.join(this.root, folder)).catch(() => [] as string[]);
      for (const name of names) {
        if (!KEY.test(name) || !name.startsWith(folder)) continue;
        const info = await stat(path.join(this.root, folder, name)).catch(() => undefined);
        // The commit is a rename, which sets ctime; mtime is when the upload was written, which
        // can be long before for a slow request, so it would make an in-flight file look old.
        if (info?.isFile() && info.ctimeMs < cutoffMs) yield name;
      }
    }
  }
}

/** Writes all of `bytes` at the file's position (a write may take fewer bytes than given). */
async function writeAll(file: FileHandle, bytes: Buffer): Promise<void> {
  for (let offset = 0; offset < bytes.length;) {
    offset += (await file.write(bytes, offset)).bytesWritten;
  }
}

function checkKey(key: string): string {
  // Keys come from our own rows, but a path must never be built from anything else.
  if (!KEY.test(key)) throw new Error('Invalid storage key');
  return key;
}
