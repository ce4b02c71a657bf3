import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GENERIC_MESSAGES } from '@registry/domain';
import { HttpError } from '../../http-error.js';
import { signedLinkRouteOptions, type FileStorage } from '../files/index.js';
import { parseStoredPicture, type AvatarLinks } from './avatar-links.js';

export const AVATAR_MESSAGES = {
  badLink: 'This picture link is invalid or has expired',
} as const;

/**
 * Profile pictures through signed, expiring links, so an <img> can load them without a bearer
 * token. Always one of our own re-encoded PNG/JPEG files, served inline with nosniff.
 */
export const avatarRoute: FastifyPluginAsyncZod<{
  storage: FileStorage;
  links: AvatarLinks;
}> = async (app, options) => {
  app.get('/uploads/avatars/:name', signedLinkRouteOptions('name'), async (request, reply) => {
    const { name } = request.params;
    const { exp, sig } = request.query;
    if (!options.links.verify(name, exp, sig)) throw new HttpError(403, AVATAR_MESSAGES.badLink);
    const picture = parseStoredPicture(name);
    if (!picture) throw new HttpError(404, GENERIC_MESSAGES.notFound);
    // A replaced picture's link stays signed for a while; its file is gone: 404.
    const content = await options.storage.open(picture.key).catch(() => {
      throw new HttpError(404, GENERIC_MESSAGES.notFound);
    });
    const maxAge = Math.max(0, Number(exp) - Math.floor(Date.now() / 1000));
    return reply
      .header('Content-Type', picture.mime)
      .header('Content-Disposition', 'inline')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', `private, max-age=${maxAge}`)
      .send(content);
  });
};
