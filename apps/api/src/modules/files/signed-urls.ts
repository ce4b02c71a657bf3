import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/** How long a download link works. */
export const URL_LIFETIME_SECONDS = 60 * 60;
/**
 * Expiry times are rounded up to this step so that the same file gets the same URL for a while:
 * the browser can then reuse the image it already has when a list reloads.
 */
const EXPIRY_STEP_SECONDS = 15 * 60;

export interface UrlSigner {
  /** A path like `/uploads/<id>?exp=<unix seconds>&sig=<hmac>`, valid for about an hour. */
  url(fileId: string, now?: Date): string;
  /** Whether exp and sig are ours for this file and not expired. */
  verify(fileId: string, exp: string | undefined, sig: string | undefined, now?: Date): boolean;
  /**
   * A signer whose links also carry `scope` (a horse file's owner): a link made for one scope
   * fails for any other, so changing the scope (a transfer) ends every link made before.
   */
  scoped(scope: string): UrlSigner;
}

/**
 * The scope of a horse's files: its owner and how many times it changed owner, so a transfer
 * back (A -> B -> A) does not revive A's links of before. Epoch 0 keeps the owner id alone,
 * the scope links had before the count existed.
 */
export function horseFileScope(ownerId: string, ownerEpoch: number): string {
  return ownerEpoch > 0 ? `${ownerId}:${ownerEpoch}` : ownerId;
}

/**
 * Signs download links with HMAC-SHA256. The key is derived from the token secret, so it needs no
 * configuration of its own, yet a download signature can never pass for a token or the reverse.
 */
export function createUrlSigner(secret: string): UrlSigner {
  const derived = createHmac('sha256', secret).update('registry:download-url:v1').digest();
  // A KeyObject, made once: keyed by bytes, every signature would make one again (about 12
  // against 2 µs; a horse's record signs a link for each of its files).
  return signerFor(createSecretKey(derived), '');
}

function signerFor(key: KeyObject, scope: string): UrlSigner {
  // File ids and scopes are UUIDs with at most ':<count>' (no dots): one reading only.
  const sign = (fileId: string, exp: number) =>
    createHmac('sha256', key)
      .update(scope ? `${fileId}.${scope}.${exp}` : `${fileId}.${exp}`)
      .digest('base64url');

  return {
    scoped: (next) => signerFor(key, next),
    url(fileId, now = new Date()) {
      const seconds = Math.floor(now.getTime() / 1000) + URL_LIFETIME_SECONDS;
      const exp = Math.ceil(seconds / EXPIRY_STEP_SECONDS) * EXPIRY_STEP_SECONDS;
      return `/uploads/${fileId}?exp=${exp}&sig=${sign(fileId, exp)}`;
    },
    verify(fileId, exp, sig, now = new Date()) {
      if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
      const expiry = Number(exp);
      if (expiry * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(sign(fileId, expiry));
      const given = Buffer.from(sig);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
