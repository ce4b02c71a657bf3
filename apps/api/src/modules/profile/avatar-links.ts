import { createHmac } from 'node:crypto';
import { createUrlSigner } from '../files/index.js';

/** Served beside horse files so the web app's `/uploads` proxy covers both. */
export const AVATAR_URL_PREFIX = '/uploads/avatars/';

export type PictureFormat = 'png' | 'jpg';

/** `users.profile_picture` holds `<storage key>.<png|jpg>`: the file and how to serve it. */
const STORED = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(png|jpg)$/;

export function storedPictureName(key: string, format: PictureFormat): string {
  return `${key}.${format}`;
}

export function parseStoredPicture(
  stored: string,
): { key: string; mime: 'image/png' | 'image/jpeg' } | undefined {
  const match = STORED.exec(stored);
  if (!match?.[1]) return undefined;
  return { key: match[1], mime: match[2] === 'png' ? 'image/png' : 'image/jpeg' };
}

export interface AvatarLinks {
  /** `/uploads/avatars/<stored>?exp=&sig=`, valid about an hour. */
  url(stored: string): string;
  verify(stored: string, exp: string | undefined, sig: string | undefined): boolean;
}

/**
 * Signed links for profile pictures: the same scheme as horse files, with a key of its own so a
 * picture link can never open a horse file or the reverse.
 */
export function createAvatarLinks(secret: string): AvatarLinks {
  const derived = createHmac('sha256', secret).update('registry:profile-pictures:v1').digest('hex');
  const signer = createUrlSigner(derived);
  return {
    url: (stored) => signer.url(stored).replace(/^\/uploads\//, AVATAR_URL_PREFIX),
    verify: (stored, exp, sig) => signer.verify(stored, exp, sig),
  };
}
