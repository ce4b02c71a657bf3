/**
 * The parts of @20minutes/s3rver (a maintained fork of s3rver, which ships no types) the tests
 * use. See docs/decisions/0097-maintained-dependencies.md.
 */
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    /** The host name virtual-hosted requests end with (`<bucket>.s3.<serviceEndpoint>`). */
    serviceEndpoint?: string;
    configureBuckets?: { name: string; configs: string[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    /** Koa's middleware list (s3rver is a Koa application). */
    middleware: unknown[];
  }
}
