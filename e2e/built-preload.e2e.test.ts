import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { signedInPageModules } from '../apps/web/vite/page-modules.js';

/**
 * The built index.html and the preload shim that the build writes in place of rolldown's entry
 * (apps/web/vite.config.ts, preloadSignedInChunks): run for every signed-in path of both roles
 * from the app's own route tables, against the files really built. It fails when rolldown's
 * entry no longer looks as the rewrite expects, when a page's chunk is not preloaded at its
 * path, or when a preloaded file is not in the build.
 */
const webRoot = path.resolve(import.meta.dirname, '../apps/web');
const dist = path.join(webRoot, 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entrySrc = /<script type="module"[^>]*\ssrc="\/([^"]+)"/.exec(html)?.[1];
const shim = entrySrc ? readFileSync(path.join(dist, entrySrc), 'utf8') : '';
/** The shim's last statement: import the app's chunk (preloaded by index.html) and start it. */
const appImport = /import\("\.\/([\w.-]+\.js)"\)\.then\(m=>m\.\w+\(\)\);$/.exec(shim);

interface Link {
  rel?: string;
  as?: string;
  href?: string;
  crossOrigin?: string;
  fetchPriority?: string;
}

/** The links the shim adds for a visit to `pathname` with this stored session. */
function linksFor(pathname: string, stored: Record<string, string>): Link[] {
  const links: Link[] = [];
  const context = {
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    location: { pathname },
    document: {
      createElement: (): Link => ({}),
      head: { appendChild: (link: Link) => links.push(link) },
    },
  };
  vm.runInNewContext(shim.slice(0, appImport!.index), context);
  return links;
}
const hrefs = (links: Link[]) => links.map((link) => link.href!.replace(/^\//, ''));
const signedIn = (role: 'admin' | 'member') => ({ accessToken: 'token', userRole: role });

describe('the built index.html', () => {
  it('loads the preload shim as its module script, and preloads the app chunk the shim imports', () => {
    expect(entrySrc).toMatch(/^assets\/index-[\w-]+\.js$/);
    expect(appImport, 'the shim ends by importing the app chunk').not.toBeNull();
    const app = `assets/${appImport![1]}`;
    expect(existsSync(path.join(dist, app))).toBe(true);
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${app}">`);
    // No second script: the shim replaced rolldown's entry instead of being added beside it.
    expect(html.match(/<script\b/g)).toHaveLength(1);
  });

  it('carries no zod in what every page loads first (only forms that validate need it)', () => {
    // docs/decisions/0064-zod-off-the-first-paint.md: a domain import with a schema beside it
    // once pulled zod (about 20 KB brotli) into the entry, which the sign-in page loads too.
    const firstLoad = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)"/g)];
    expect(firstLoad.length).toBeGreaterThan(0);
    for (const [, file] of firstLoad) {
      expect(readFileSync(path.join(dist, file!), 'utf8'), file).not.toContain('$ZodType');
    }
  });

  it("puts only the zod the app uses in zod's chunk, none of its other languages", () => {
    // A bare import('zod') keeps every export of the package: all of its locales, about 50 KB
    // brotli more (docs/decisions/0116-first-load-in-short-tasks.md).
    const zod = readdirSync(path.join(dist, 'assets')).filter((f) => /^zod-[\w-]+\.js$/.test(f));
    expect(zod).toHaveLength(1);
    const code = readFileSync(path.join(dist, 'assets', zod[0]!), 'utf8');
    expect(code).not.toContain('Valore non valido');
    expect(code.length).toBeLessThan(150_000);
  });

  it('preloads nothing for a visitor without a session', () => {
    expect(linksFor('/dashboard', {})).toEqual([]);
    expect(linksFor('/', { userRole: 'admin' })).toEqual([]);
  });
});

describe('the preload shim at every signed-in path', () => {
  const modules = signedInPageModules(webRoot);
  const shared = hrefs(linksFor('/nowhere', signedIn('member')));

  it('always asks for the signed-in chunk and its stylesheet, at low priority', () => {
    expect(shared.some((href) => /^assets\/signed-in-[\w-]+\.js$/.test(href))).toBe(true);
    expect(shared.some((href) => href.endsWith('.css'))).toBe(true);
    for (const link of linksFor('/nowhere', signedIn('admin'))) {
      expect(link.fetchPriority).toBe('low');
      expect(link.crossOrigin).toBe('');
      expect(link.rel).toBe(link.href!.endsWith('.css') ? 'preload' : 'modulepreload');
      if (link.href!.endsWith('.css')) expect(link.as).toBe('style');
    }
  });

  // Pages that show before anything is validated: building zod and its schemas was a long task
  // on a phone before their first paint (docs/decisions/0064-zod-off-the-first-paint.md).
  it.each([
    ['member', '/dashboard'],
    ['member', '/register-horse'],
    ['member', '/horse-list'],
    ['admin', '/'],
    ['admin', '/admin/horse-list'],
    ['admin', '/admin/horse-reject-approve'],
  ] as const)('%s at %s: nothing preloaded for the first paint carries zod', (role, at) => {
    for (const href of hrefs(linksFor(at, signedIn(role))).filter((h) => h.endsWith('.js'))) {
      expect(readFileSync(path.join(dist, href), 'utf8'), href).not.toContain('$ZodType');
    }
  });

  for (const role of ['admin', 'member'] as const) {
    for (const [at, pageModules] of Object.entries(modules[role])) {
      it(`${role} at ${at}: the page's chunks, files that exist`, () => {
        const found = hrefs(linksFor(at, signedIn(role)));
        expect(found.slice(0, shared.length)).toEqual(shared);
        for (const module of pageModules) {
          const name = path.basename(module).replace(/\.tsx?$/, '');
          expect(found, module).toContainEqual(
            expect.stringMatching(`^assets/${name}-[\\w-]+\\.js$`),
          );
        }
        for (const href of found) expect(existsSync(path.join(dist, href)), href).toBe(true);
        // The same with a trailing slash; the other role's pages are not preloaded here.
        expect(hrefs(linksFor(`${at.replace(/\/$/, '')}/`, signedIn(role)))).toEqual(found);
        const other = role === 'admin' ? 'member' : 'admin';
        if (!(at in modules[other])) {
          expect(hrefs(linksFor(at, signedIn(other)))).toEqual(shared);
        }
      });
    }
  }
});
