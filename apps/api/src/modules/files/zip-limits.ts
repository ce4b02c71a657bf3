/**
 * Limits for zip-based uploads (.docx). We never unpack them, but the people who download them
 * do: a "zip bomb" of a few kilobytes can unpack to gigabytes or millions of parts. The central
 * directory at the end of the archive declares every entry's unpacked size, so the archive is
 * judged from it, without inflating anything.
 */
export const ZIP_LIMITS = {
  maxEntries: 1_000,
  maxTotalUncompressed: 50 * 1024 * 1024,
  /** Unpacked / packed for one entry; real documents stay far below it. */
  maxRatio: 200,
} as const;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const ZIP64_MARK = 0xffffffff;

export type ZipVerdict = { ok: true } | { ok: false; reason: string };

function findEndRecord(bytes: Buffer): number {
  // The end record is 22 bytes plus a comment of at most 65535 bytes.
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= earliest; at -= 1) {
    if (bytes.readUInt32LE(at) === EOCD) return at;
  }
  return -1;
}

export function judgeZip(bytes: Buffer): ZipVerdict {
  const end = findEndRecord(bytes);
  if (end < 0) return { ok: false, reason: 'no zip end record' };
  const entries = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (entries === 0xffff || directoryOffset === ZIP64_MARK) {
    return { ok: false, reason: 'zip64 archive' };
  }
  if (entries > ZIP_LIMITS.maxEntries) return { ok: false, reason: `${entries} entries` };
  if (directoryOffset + directorySize > end) return { ok: false, reason: 'bad central directory' };

  let total = 0;
  let at = directoryOffset;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL) {
      return { ok: false, reason: 'bad central directory entry' };
    }
    const compressed = bytes.readUInt32LE(at + 20);
    const uncompressed = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    if (compressed === ZIP64_MARK || uncompressed === ZIP64_MARK) {
      return { ok: false, reason: 'zip64 entry' };
    }
    // Names that climb out of the folder they are unpacked into ("zip slip").
    if (name.startsWith('/') || name.includes('\\') || name.split('/').includes('..')) {
      return { ok: false, reason: `unsafe entry name ${JSON.stringify(name)}` };
    }
    if (uncompressed > 1024 * 1024 && uncompressed > compressed * ZIP_LIMITS.maxRatio) {
      return {
        ok: false,
        reason: `entry ${JSON.stringify(name)} compressed ${Math.round(uncompressed / Math.max(1, compressed))}:1`,
      };
    }
    total += uncompressed;
    if (total > ZIP_LIMITS.maxTotalUncompressed) {
      return { ok: false, reason: 'unpacks to more than the limit' };
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { ok: true };
}
