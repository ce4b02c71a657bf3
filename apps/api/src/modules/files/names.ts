import { fileExtension } from '@registry/domain';
import { LONE_SURROGATES } from '../../plugins/text-guard.js';

/** Long enough for any real document name, short enough for a table cell and a header. */
export const FILE_NAME_MAX = 150;

// Control characters, and bidirectional overrides that can make "gpj.exe" read as "exe.jpg".
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const RESERVED = /["*:<>?|]/g;

/**
 * The member's file name made safe to store and show: no folders, no control or direction
 * characters, no characters that break headers or file systems, at most FILE_NAME_MAX characters
 * with the extension kept (the rules judge the extension). We never use it as a path.
 */
export function safeFileName(raw: string, fallback = 'file'): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(LONE_SURROGATES, '') // unstorable (docs/decisions/0047-hostile-input-refused-at-the-edge.md)
    .replace(RESERVED, '_')
    .trim()
    .replace(/^\.+/, '');
  if (name === '') return fallback;
  if (name.length > FILE_NAME_MAX) {
    const extension = fileExtension(name);
    const suffix = extension && extension.length < 10 ? `.${extension}` : '';
    name = name.slice(0, FILE_NAME_MAX - suffix.length) + suffix;
  }
  return name;
}

/**
 * A Content-Disposition value: a plain-ASCII `filename` for old clients and the exact name as
 * RFC 5987 `filename*`.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
