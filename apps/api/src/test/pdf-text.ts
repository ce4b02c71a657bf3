import { constants, inflateSync } from 'node:zlib';

/**
 * The text a PDF draws: pdf-lib writes standard-font text as hex strings inside (usually
 * deflated) content streams.
 */
export function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const out: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const body = Buffer.from(match[1] ?? '', 'latin1');
    let text: string;
    try {
      text = inflateSync(body).toString('latin1');
    } catch {
      // A stream whose last byte is a carriage return loses it to the `\r?\n` before
      // `endstream` above; inflating what is there without the checksum still gives the text.
      try {
        text = inflateSync(body, { finishFlush: constants.Z_SYNC_FLUSH }).toString('latin1');
      } catch {
        text = body.toString('latin1');
      }
    }
    for (const hex of text.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) {
      out.push(Buffer.from(hex[1] ?? '', 'hex').toString('latin1'));
    }
    for (const lit of text.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) out.push(lit[1] ?? '');
  }
  return out.join('\n');
}
