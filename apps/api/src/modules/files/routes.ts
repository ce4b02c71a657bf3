import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { GENERIC_MESSAGES } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../http-error.js';
import { isInlineType } from './content-check.js';
import { downloadableFile } from './downloads.js';
import { signedLinkRouteOptions } from './log-safe-request.js';
import { contentDisposition } from './names.js';
import { horseFileScope, type UrlSigner } from './signed-urls.js';
import type { FileStorage } from './storage.js';

export interface FileRoutesOptions {
  db: Db;
  storage: FileStorage;
  signer: UrlSigner;
}

export const DOWNLOAD_MESSAGES = {
  badLink: 'This download link is invalid or has expired',
} as const;

/**
 * Downloads through signed, expiring links (`/uploads/<id>?exp=&sig=`). The signature is the
 * access check: it was handed out only to someone allowed to see the horse. The answer can never
 * be taken for a page of ours: fixed type from our own list, nosniff, and attachment for
 * everything except images. Links are signed for the horse's owner at the time (records.ts):
 * a transfer of ownership ends the previous owner's links.
 */
export const fileRoutes: FastifyPluginAsyncZod<FileRoutesOptions> = async (app, options) => {
  app.get('/uploads/:fileId', signedLinkRouteOptions('fileId'), async (request, reply) => {
    const { fileId } = request.params;
    const { exp, sig } = request.query;
    const now = new Date();
    // A bare or expired link costs no database read.
    if (!sig || !exp || !/^\d{1,12}$/.test(exp) || Number(exp) * 1000 <= now.getTime()) {
      throw new HttpError(403, DOWNLOAD_MESSAGES.badLink);
    }
    const file = await downloadableFile(options.db, fileId);
    if (!file) throw new HttpError(404, GENERIC_MESSAGES.notFound);
    if (
      !options.signer
        .scoped(horseFileScope(file.ownerId, file.ownerEpoch))
        .verify(fileId, exp, sig, now)
    ) {
      throw new HttpError(403, DOWNLOAD_MESSAGES.badLink);
    }
    const content = await options.storage.open(file.storageKey).catch(() => {
      request.log.error({ fileId }, 'stored file missing');
      throw new HttpError(404, GENERIC_MESSAGES.notFound);
    });
    // Private: the link is personal. Cached no longer than the link itself lives.
    const maxAge = Math.max(0, Number(exp) - Math.floor(now.getTime() / 1000));
    return (
      reply
        .header('Content-Type', file.mime)
        .header('Content-Length', String(file.size))
        .header(
          'Content-Disposition',
          contentDisposition(isInlineType(file.mime) ? 'inline' : 'attachment', file.originalName),
        )
        .header('X-Content-Type-Options', 'nosniff')
        // Whatever a member's file holds (a script inside a PDF or an SVG-like trick), a browser
        // that renders it runs nothing and reaches nothing.
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', `private, max-age=${maxAge}`)
        .send(content)
    );
  });
};
