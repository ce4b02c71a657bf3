import { thisServer } from './server.js';
import type { CaughtMail } from './mail-catcher.js';

/** A received message, parsed enough for tests: headers, subject and the plain-text part. */
export interface Mail {
  to: string[];
  receivedAt: number;
  subject: string;
  headers: Record<string, string>;
  text: string;
  raw: string;
}

/** Splits RFC 822 text at the first empty line and unfolds the headers (lower-cased names). */
function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\n/g, '');
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = encoding?.toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi,
      (_, _charset: string, kind: string, data: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function parameter(header: string | undefined, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header ?? '');
  return match?.[1];
}

/** The first text/plain part, looking inside multipart bodies. */
function plainText(headers: Record<string, string>, body: string): string | undefined {
  const type = headers['content-type'] ?? 'text/plain';
  if (/^multipart\//i.test(type)) {
    const boundary = parameter(type, 'boundary');
    if (!boundary) return undefined;
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      const entity = splitEntity(part.replace(/^\n/, ''));
      const found = plainText(entity.headers, entity.body);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!/^text\/plain/i.test(type)) return undefined;
  return decodeBody(body, headers['content-transfer-encoding']);
}

export function parseMail(caught: CaughtMail): Mail {
  const { headers, body } = splitEntity(caught.raw);
  return {
    to: caught.to,
    receivedAt: caught.receivedAt,
    subject: decodeHeader(headers.subject ?? ''),
    headers,
    text: plainText(headers, body) ?? '',
    raw: caught.raw,
  };
}

/**
 * Everything the test SMTP server has received so far, oldest first; `mailbox` is the HTTP
 * address of another catcher than the shared server's (support/mail-catcher.ts).
 */
export async function allMail(mailbox = thisServer().mailboxURL): Promise<Mail[]> {
  const response = await fetch(`${mailbox}/messages`);
  const caught = (await response.json()) as CaughtMail[];
  return caught.map(parseMail);
}

/**
 * The newest message to `to` whose subject matches, received after `since` (ms since epoch;
 * pass the time just before the action that sends it, so an older code is never picked up).
 */
export async function waitForMail(
  to: string,
  subjectPattern: RegExp,
  options: { since?: number; timeoutMs?: number; mailbox?: string } = {},
): Promise<Mail> {
  const { since = 0, timeoutMs = 15_000, mailbox = thisServer().mailboxURL } = options;
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await allMail(mailbox))
      .filter((mail) => mail.receivedAt >= since && mail.to.includes(address))
      .filter((mail) => subjectPattern.test(mail.subject))
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = (await allMail(mailbox)).map((mail) => `${mail.to.join(',')}: ${mail.subject}`);
      throw new Error(
        `No mail to ${to} matching ${subjectPattern} within ${timeoutMs} ms. Received:\n${seen.join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The 6-digit code on a line of its own in the plain-text part. */
export function extractCode(mail: Mail): string {
  const match = /^\s*(\d{6})\s*$/m.exec(mail.text);
  if (!match?.[1]) throw new Error(`No 6-digit code in "${mail.subject}":\n${mail.text}`);
  return match[1];
}
