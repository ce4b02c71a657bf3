import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Types worth compressing on the fly: our JSON and text answers (CSV exports, the API docs).
 * Images, PDFs and videos are compressed already; squeezing them again costs CPU and saves
 * nothing, so anything not named here leaves as it is
 * (docs/decisions/0059-compression-and-caching.md).
 */
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml)|image\/svg\+xml)/;

/**
 * Compresses answers of 1 KB and more for clients that ask (brotli first, then gzip). The
 * built web assets come precompressed from the build (see plugins/web.ts), so they already
 * carry a Content-Encoding and pass through untouched. Must be registered before the routes:
 * it attaches itself to each route as the route is added.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: COMPRESSIBLE,
    // Request bodies stay as sent: a compressed upload would slip past the body limits.
    globalDecompression: false,
  });
}
