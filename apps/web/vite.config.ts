import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, defaultClientConditions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { constants as zlibConstants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The API serves /api and /uploads on the same origin in production; in development and
// preview the Vite server forwards them so the browser never needs CORS.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/uploads': { target: apiTarget, changeOrigin: false },
};

/**
 * React Router 7's package exports point at its development build in every mode (upstream
 * issue remix-run/react-router#14102): its development warnings and checks ship and run in
 * production. Production builds take the production build shipped in the same package.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * The server-data cache (RTK Query, `src/stores/server-api.ts`) loads with the signed-in pages.
 * It imports parts of Redux Toolkit, immer, reselect and redux that the store in the entry does
 * not use; since a module cannot be split, the bundler would put those parts in the entry and
 * every sign-in page would download them (about 2.7 KB brotli). Resolving those four packages
 * for RTK Query (and for what it imports through them) to a second instance keeps them in its
 * own chunk. react-redux stays shared: the hooks must find the app's `<Provider>`.
 * docs/decisions.md, "Server data through RTK Query".
 */
const OWN_COPY_PACKAGES = /^(?:@reduxjs\/toolkit|immer|reselect|redux)$/;
const OWN_COPY_SUFFIX = '?server-data';
function serverDataOwnCopy(): Plugin {
  return {
    name: 'server-data-own-copy',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !OWN_COPY_PACKAGES.test(source)) return null;
      const fromQuery = /@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]/.test(importer);
      if (!fromQuery && !importer.endsWith(OWN_COPY_SUFFIX)) return null;
      const resolved = await this.resolve(source, importer.replace(OWN_COPY_SUFFIX, ''), {
        ...options,
        skipSelf: true,
      });
      return resolved ? { ...resolved, id: resolved.id + OWN_COPY_SUFFIX } : null;
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    ...(command === 'build' ? [serverDataOwnCopy()] : []),
    react(),
    // A brotli and a gzip copy of every text file, made once at build time at the highest
    // levels; the server sends the one the browser accepts (apps/api/src/plugins/web.ts).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
        }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(?:html|js|css|svg|json|txt)$/,
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
    // 'source' first: @registry/domain is consumed as TypeScript, so the web build never
    // depends on a previous build of packages/domain.
    conditions: ['source', ...defaultClientConditions],
  },
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    // Reported on purpose: the login page budget is 150 KB gzip (DESIGN §9).
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically goes in the entry's chunk, as before lazy
          // feature chunks started sharing React and CoreUI pieces with it: without this the
          // sign-in page downloads the same code in several small chunks (about 3 KB gzip more).
          groups: [{ name: 'app-core', tags: ['$initial'] }],
        },
      },
      treeshake: {
        // The domain's modules only declare schemas and constants. Saying so lets pages that
        // need one constant skip zod (about 22 KB gzip) until a page really validates.
        moduleSideEffects: [{ test: /packages\/domain\/src\//, sideEffects: false }],
      },
    },
  },
}));
