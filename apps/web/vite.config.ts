import { defineConfig, defaultClientConditions, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { constants as zlibConstants } from 'node:zlib';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { signedInPageModules } from './vite/page-modules';

// The API serves /api and /uploads on the same origin in production; in development and
// preview the Vite server forwards them so the browser never needs CORS.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3000';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/uploads': { target: apiTarget, changeOrigin: false },
};

/**
 * A signed-in page needs the signed-in chunk (shell, RTK Query), its stylesheet and its own
 * page's chunk before it paints, but the app asks for them only once the entry (about 95 KB)
 * has arrived and run. This small script, fetched beside the entry, asks for them at once when
 * a session is stored (the keys of lib/session-storage.ts): a round trip and the entry's run
 * time earlier on a slow phone. The sign-in pages pay its request (about 0.7 KB) and nothing
 * else. A file, not an inline script: the CSP allows scripts from our own origin only.
 * docs/decisions/0063-preload-shim-and-chunking.md.
 */
function preloadSignedInChunks(): Plugin {
  return {
    name: 'preload-signed-in-chunks',
    apply: 'build',
    // After Vite has written index.html into the bundle, before the compressed copies are made.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((f) => f.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || !entry) this.error('index.html or the entry is missing');
      // What index.html fetches already: the entry and what it imports.
      const inHtml = new Set<string>();
      const addStatic = (fileName: string) => {
        if (inHtml.has(fileName)) return;
        inHtml.add(fileName);
        chunks.find((c) => c.fileName === fileName)?.imports.forEach(addStatic);
      };
      addStatic(entry.fileName);
      const hrefsOf = (fileName: string, seen = new Set<string>()): string[] => {
        if (inHtml.has(fileName) || seen.has(fileName)) return [];
        seen.add(fileName);
        const chunk = chunks.find((c) => c.fileName === fileName);
        if (!chunk) return [];
        return [
          fileName,
          ...(chunk.viteMetadata?.importedCss ?? []),
          ...chunk.imports.flatMap((name) => hrefsOf(name, seen)),
        ];
      };
      const signedIn = chunks.find((c) => c.name === 'signed-in');
      if (!signedIn) this.error('the signed-in chunk is missing');
      const shared = hrefsOf(signedIn.fileName);
      const pages = Object.fromEntries(
        Object.entries(signedInPageModules(import.meta.dirname)).map(([role, paths]) => [
          role,
          Object.fromEntries(
            Object.entries(paths).map(([path, modules]) => {
              const seen = new Set<string>();
              const hrefs = modules.flatMap((module) => {
                const page = chunks.find((c) => c.facadeModuleId?.endsWith(`/apps/web/${module}`));
                if (!page) this.error(`no chunk for ${module}`);
                return hrefsOf(page.fileName, seen);
              });
              return [path, hrefs.filter((href) => !shared.includes(href))];
            }),
          ),
        ]),
      );
      // Stylesheets are preloaded, not applied: Vite applies them when the chunk is imported.
      // At low priority: the entry and its stylesheet, already requested by index.html, come
      // first, as the first paint (the banner and "Loading…", route-guards.tsx) needs only
      // them. Lighthouse counts every high-priority script fetched before the first paint as
      // holding it back: 1.8-2.0 s FCP with them, 1.55-1.65 s without
      // (docs/decisions/0063-preload-shim-and-chunking.md).
      const code =
        `try{const s=localStorage,p=location.pathname.replace(/(.)\\/+$/,"$1"),` +
        `r=${JSON.stringify(pages)}[s.getItem("userRole")==="admin"?"admin":"member"];` +
        `if(s.getItem("accessToken"))for(const h of ${JSON.stringify(shared)}.concat(r[p]||[]))` +
        `{const l=document.createElement("link");l.rel=h.endsWith(".css")?"preload":"modulepreload";` +
        `if(h.endsWith(".css"))l.as="style";l.crossOrigin="";l.fetchPriority="low";l.href="/"+h;` +
        `document.head.appendChild(l)}` +
        `}catch(e){}`;
      // With no entry signatures kept, the entry chunk is a two-statement shim that imports
      // the app's chunk and starts it. Its static import would hold the shim (and this code)
      // back until that chunk has arrived, so the shim becomes this code and a dynamic import
      // of the chunk, which index.html preloads already; no request is added. Should the shim
      // ever look different, the code goes in a file of its own instead.
      const shim = /^import\{(\w+) as (\w+)\}from"(\.\/[\w.-]+\.js)";\2\(\);?\s*$/.exec(entry.code);
      if (shim) {
        const [, exported, , app] = shim;
        const file = this.getFileName(
          this.emitFile({
            type: 'asset',
            name: 'index.js',
            source: `${code}import("${app}").then(m=>m.${exported}());`,
          }),
        );
        html.source = String(html.source).replace(`/${entry.fileName}"`, `/${file}"`);
        delete bundle[entry.fileName];
        return;
      }
      const file = this.getFileName(
        this.emitFile({ type: 'asset', name: 'signed-in-preload.js', source: code }),
      );
      html.source = String(html.source).replace(
        '<script type="module"',
        `<script async src="/${file}"></script>\n    <script type="module"`,
      );
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    preloadSignedInChunks(),
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
    // React Router 8's exports pick its production build unless the `development` condition is
    // set, which Vite sets only in dev: the alias to its production file that React Router 7
    // needed (remix-run/react-router#14102) is gone. 'source' first: @registry/domain is consumed as TypeScript, so the web build never
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
            // is one more step in a phone's download chain
            // (docs/decisions/0063-preload-shim-and-chunking.md).
            // zod in a file of its own, fetched only with the forms and checks that validate:
            // left to the bundler it joined a chunk every page loads before its first paint,
            // and building its schemas is a long task on a phone
            // (docs/decisions/0116-first-load-in-short-tasks.md).
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
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
        manualPureFunctions: ['z'],
      },
    },
  },
});
