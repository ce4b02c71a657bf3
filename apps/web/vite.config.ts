import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, defaultClientConditions } from 'vite';
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

export default defineConfig(({ command }) => ({
  plugins: [
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
          groups: [
            { name: 'app-core', tags: ['$initial'] },
            // What every signed-in page needs and the sign-in pages do not: the shell, the
            // server-data cache (RTK Query) and the buttons' contrast rules (0.1 KB, which
            // five dialogs and lists import: its own file cost 0.7 KB with headers). One file
            // instead of about eight: each response's headers are about 0.6 KB, and each file
            // is one more step in a phone's download chain (docs/decisions.md, "Field speed
            // (issue 12)").
            {
              name: 'signed-in',
              test: /[\\/]src[\\/](?:app[\\/]shell[\\/]|stores[\\/]server-api|components[\\/]contrast\.css)|@reduxjs[\\/]toolkit[\\/]dist[\\/]query[\\/]/,
            },
          ],
          // The small pieces several pages share (a dialog, the table, a badge, a hook) are
          // copied into each page's chunk instead of each being a file of its own: My Horses
          // went from 33 requests to about 15, and about 0.6 KB of headers each. The limit is
          // in source bytes before minifying (about 3-4 KB brotli): larger shared parts (the
          // domain's schemas, the form library) stay one shared file. Rolldown requires the
          // strict execution order and no preserved entry signatures for this.
          experimentalInlineCommonChunks: { maxSize: 16_000 },
        },
        strictExecutionOrder: true,
      },
      // An app, not a library: nothing imports the entry's exports.
      preserveEntrySignatures: false,
      treeshake: {
        // The domain's modules only declare schemas and constants. Saying so lets pages that
        // need one constant skip zod (about 22 KB gzip) until a page really validates.
        moduleSideEffects: [{ test: /packages\/domain\/src\//, sideEffects: false }],
      },
    },
  },
}));
