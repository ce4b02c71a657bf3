import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES } from '../src/lib/routes';
import { pageModulesAt } from './page-modules';

const webRoot = path.resolve(import.meta.dirname, '..');
const lazyPages = readFileSync(path.join(webRoot, 'src/app/routes/lazy-pages.ts'), 'utf8');

describe('the page modules the built index.html preloads', () => {
  it('are read from the route tables of lazy-pages.ts, every signed-in page included', () => {
    const pages = pageModulesAt(webRoot);
    expect(pages.member[ROUTES.myHorses.path]).toEqual(['src/features/horses/my-horses-page.tsx']);
    expect(pages.admin[ROUTES.adminDashboard.path]).toEqual([
      'src/features/dashboard/admin-dashboard-page.tsx',
    ]);
    // Pages the hand-kept list had missed.
    expect(pages.admin[ROUTES.payments.path]).toHaveLength(1);
    // As many paths as each table has entries (one `[ROUTES.` key per line in each).
    const entries = (table: string) =>
      lazyPages
        .split(`const ${table}`)[1]!
        .split('};')[0]!
        .match(/\[ROUTES\.\w+\.path\]/g)!;
    expect(Object.keys(pages.admin)).toHaveLength(entries('ADMIN_PAGE_AT').length);
    expect(Object.keys(pages.member)).toHaveLength(entries('MEMBER_PAGE_AT').length);
  });
});

describe('a route table it cannot read stops the build', () => {
  let scratch: string | undefined;
  afterEach(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  /** A web root whose lazy-pages.ts is `source`, with the page files it names present. */
  function rootWith(source: string): string {
    scratch = mkdtempSync(path.join(tmpdir(), 'page-modules-'));
    mkdirSync(path.join(scratch, 'src/app/routes'), { recursive: true });
    mkdirSync(path.join(scratch, 'src/features/a'), { recursive: true });
    writeFileSync(path.join(scratch, 'src/features/a/a-page.tsx'), 'export default 1;\n');
    writeFileSync(path.join(scratch, 'src/app/routes/lazy-pages.ts'), source);
    return scratch;
  }
  const table = (admin: string, adminPages = 'A', extra = '') => `
    const A = lazyWithPreload(() => import('../../features/a/a-page'));
    ${extra}
    const ADMIN_PAGES = [${adminPages}];
    const MEMBER_PAGES = [A];
    const ADMIN_PAGE_AT = { ${admin} };
    const MEMBER_PAGE_AT = { [ROUTES.profile.path]: A };
  `;

  it('reads a well-formed table', () => {
    expect(pageModulesAt(rootWith(table('[ROUTES.staff.path]: A')))).toEqual({
      admin: { '/admin/staff': ['src/features/a/a-page.tsx'] },
      member: { '/profile': ['src/features/a/a-page.tsx'] },
    });
  });

  it('fails on a page the sidebar preloads without a path', () => {
    const source = table(
      '[ROUTES.staff.path]: A',
      'A, B',
      "const B = lazyWithPreload(() => import('../../features/a/a-page'));",
    );
    expect(() => pageModulesAt(rootWith(source))).toThrow(/B is preloaded for admins/);
  });

  it('fails on a path that is not a ROUTES key, and on a path written as a string', () => {
    expect(() => pageModulesAt(rootWith(table('[ROUTES.nowhere.path]: A')))).toThrow(
      /lazy-pages\.ts:\d+: expected the key/,
    );
    expect(() => pageModulesAt(rootWith(table("'/admin/staff': A")))).toThrow(/expected the key/);
  });

  it('fails on an import of a file that does not exist, and on a page not declared', () => {
    const missing = table(
      '[ROUTES.staff.path]: B',
      'B',
      "const B = lazyWithPreload(() => import('../../features/a/gone-page'));",
    );
    expect(() => pageModulesAt(rootWith(missing))).toThrow(/names no \.ts\/\.tsx file/);
    expect(() => pageModulesAt(rootWith(table('[ROUTES.staff.path]: C', 'C')))).toThrow(
      /C is not declared/,
    );
  });
});
