import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { GENERIC_MESSAGES } from '@registry/domain';

/**
 * Headers a browser heeds only on a document (CSP, framing, window and agent-cluster isolation,
 * old-IE switches): on a script or stylesheet they do nothing, and the sign-in page's fifteen
 * files each carried them, some 8 KB of its first visit (docs/decisions/0041-security-headers.md).
 * nosniff, CORP, HSTS and the referrer policy stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Left off hashed assets as well: a file kept `immutable` for a year is never revalidated, so
 * its ETag and Last-Modified are never sent back; Accept-Ranges only invites range requests
 * nobody makes for a script; nobody quotes a script's request id; and HSTS is learnt from the
 * page, which every visit loads before any asset (the pages and /api keep both). About 0.2 KB
 * per file, on every file of a first visit.
 */
const ASSET_SPARE_HEADERS = [
  ...DOCUMENT_ONLY_HEADERS,
  'etag',
  'last-modified',
  'accept-ranges',
  'x-request-id',
  'strict-transport-security',
];

/**
 * Serves the built React app and answers unknown paths: JSON 404 under /api, index.html for
 * client routes (the SPA fallback) so a reload on /admin/horse-list works.
 *
 * The build writes a brotli (.br) and a gzip (.gz) copy next to each text file; the one the
 * browser accepts is sent as is, with Vary: Accept-Encoding
 * (docs/decisions/0059-compression-and-caching.md).
 * index.html is revalidated on every visit (ETag, 304 when unchanged); hashed assets are kept.
 */
export async function registerWeb(app: FastifyInstance, webDir: string | undefined): Promise<void> {
  const indexFile = webDir ? path.join(webDir, 'index.html') : undefined;
  const hasWeb = indexFile !== undefined && existsSync(indexFile);

  if (hasWeb && webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed file names never change content, so they may be cached for good.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        if (immutable) for (const name of ASSET_SPARE_HEADERS) reply.removeHeader(name);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && wantsPage && hasWeb) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ success: false, error: GENERIC_MESSAGES.notFound });
  });
}
