import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { FileStorage, UrlSigner } from '../files/index.js';

/**
 * What the horse services need from the app. In a file of its own so the services' helpers
 * (edit.ts, demo.ts) can name it without importing service.ts, which imports them.
 */
export interface HorseDeps {
  db: Db;
  storage: FileStorage;
  signer: UrlSigner;
  log: FastifyBaseLogger;
}
