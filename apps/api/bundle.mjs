// The build's bundling step (apps/api/package.json "build", after tsc): the server and what it
// imports at start go into one file, dist/server.js, with the modules it only imports on first
// use in dist/chunks/. Node then reads one file instead of about 1,800
// (docs/decisions/0054-server-bundled-with-esbuild.md). Packages that read files of their own at
// run time (PGlite's WebAssembly, the Swagger UI's pages) or load native code stay in node_modules.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

/**
 * The named exports Node gives `import()` of `file` when Node loads it as CommonJS (its
 * `default` is then the very module.exports that require() returns); undefined for an ES module.
 */
async function commonJsExports(file) {
  const namespace = await import(pathToFileURL(file).href);
  let required;
  try {
    required = createRequire(file)(file);
  } catch {
    return undefined;
  }
  if (required !== namespace.default) return undefined;
  // `__esModule` is the package's own interop flag, not something our code reads.
  return Object.keys(namespace).filter((name) => name !== 'default' && name !== '__esModule');
}

/**
 * `await import('ioredis')` of a CommonJS package gives, under Node, `default` (module.exports)
 * and the named exports Node finds in it (`Redis`). esbuild puts such a package in a chunk of
 * its own whose only export is `default`, so `const { Redis } = await import('ioredis')`
 * worked from source and failed in dist/server.js ("RedisClient is not a constructor"; the
 * AWS SDK's `S3` with STORAGE_URL alike). So each package our own code imports lazily that
 * Node loads as CommonJS goes behind a small ES module exporting what Node gives:
 * module.exports as `default`, and each named export Node lists for it (asked of Node here, at
 * build time). Packages' own lazy imports are left to esbuild: they were written for bundlers.
 * e2e/built-server-options.e2e.test.ts starts the built server with every optional part.
 */
const NODE_LIKE = 'commonjs-as-node';
const commonJsAsNode = {
  name: NODE_LIKE,
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      const ours = !args.importer.includes(`${path.sep}node_modules${path.sep}`);
      if (args.kind !== 'dynamic-import' || !ours || args.pluginData === NODE_LIKE) {
        return undefined;
      }
      const target = await build.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: NODE_LIKE,
      });
      if (target.errors.length > 0 || target.external) return undefined;
      const names = await commonJsExports(target.path);
      if (!names) return undefined;
      return { path: target.path, namespace: NODE_LIKE, pluginData: names };
    });
    build.onLoad({ filter: /.*/, namespace: NODE_LIKE }, (args) => {
      const lines = [
        `const exported = require(${JSON.stringify(args.path)});`,
        'export default exported;',
        ...args.pluginData.flatMap((name, i) => [
          `const name${i} = exported[${JSON.stringify(name)}];`,
          `export { name${i} as ${JSON.stringify(name)} };`,
        ]),
      ];
      return { contents: lines.join('\n'), loader: 'js', resolveDir: path.dirname(args.path) };
    });
  },
};

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
  plugins: [commonJsAsNode],
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
