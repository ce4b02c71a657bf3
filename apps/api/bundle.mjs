// The build's bundling step (apps/api/package.json "build", after tsc): the server and what it
// imports at start go into one file, dist/server.js, with the modules it only imports on first
// use in dist/chunks/. Node then reads one file instead of about 1,800 (docs/decisions.md
// "Lean server"). Packages that read files of their own at run time (PGlite's WebAssembly, the
// Swagger UI's pages) or load native code stay in node_modules.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

export const EXTERNAL = [
  '@electric-sql/pglite',
  '@fastify/swagger-ui',
  '@node-rs/argon2',
  'sharp',
  // Optional native drivers some packages try to load; absent here.
  'pg-native',
];

rmSync(path.join(here, 'dist', 'chunks'), { recursive: true, force: true });
await build({
  absWorkingDir: here,
  entryPoints: { server: 'src/server.ts' },
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external: EXTERNAL,
  // CommonJS packages inside an ES module bundle still call require() for Node's own modules,
  // and a few name __dirname on paths they only take in try/catch or never here (pino
  // transports, error stacks): give them the bundle's own.
  banner: {
    js: [
      "import { createRequire as __createRequire } from 'node:module';",
      "import { fileURLToPath as __fileURLToPath } from 'node:url';",
      'const require = __createRequire(import.meta.url);',
      'const __filename = __fileURLToPath(import.meta.url);',
      "const __dirname = __filename.slice(0, __filename.lastIndexOf('/'));",
    ].join(' '),
  },
  // Whitespace only: names stay as written, so stack traces in the log still read.
  minifyWhitespace: true,
  sourcemap: 'external',
  sourcesContent: false,
  legalComments: 'none',
  logLevel: 'warning',
});
