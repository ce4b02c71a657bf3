import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { ROUTES, type RouteKey } from '../src/lib/routes.js';

export type Role = 'admin' | 'member';

/** The tables of src/app/routes/lazy-pages.ts that say which page each signed-in path shows. */
const TABLE_OF: Record<Role, string> = { admin: 'ADMIN_PAGE_AT', member: 'MEMBER_PAGE_AT' };
/** The lists of the pages each role's sidebar preloads: each must have a path in its table. */
const PRELOADED: Record<Role, string> = { admin: 'ADMIN_PAGES', member: 'MEMBER_PAGES' };

const LAZY_PAGES = 'src/app/routes/lazy-pages.ts';

/**
 * The page module(s) at each signed-in path, by role, read from the app's own route tables
 * (`ADMIN_PAGE_AT` / `MEMBER_PAGE_AT` in lazy-pages.ts, keyed by `ROUTES.<key>.path`, and the
 * `import()` inside each page's `lazyWithPreload`), so a page added there is preloaded by the
 * built index.html without a second list to keep. Paths are relative to `webRoot`
 * (`src/features/...tsx`). Anything that does not read as those tables do throws, naming the
 * line: the build stops instead of silently losing a page's head start.
 */
export function pageModulesAt(webRoot: string): Record<Role, Record<string, string[]>> {
  const file = path.join(webRoot, LAZY_PAGES);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const fail = (node: ts.Node, message: string): never => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    throw new Error(`${LAZY_PAGES}:${line + 1}: ${message}`);
  };

  const declarations = new Map<string, ts.Expression>();
  source.forEachChild(function visit(node) {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      declarations.set(node.name.text, node.initializer);
    }
    node.forEachChild(visit);
  });

  /** The modules a page's lazy loader imports, e.g. ['src/features/profile/profile-page.tsx']. */
  const modulesOf = (page: ts.Node): string[] => {
    if (!ts.isIdentifier(page)) return fail(page, 'expected the name of a page');
    const loader = declarations.get(page.text);
    if (!loader) return fail(page, `${page.text} is not declared in this file`);
    const modules: string[] = [];
    loader.forEachChild(function visit(node) {
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        modules.push(
          resolveModule(webRoot, path.dirname(file), node.arguments[0].text, fail, node),
        );
      }
      node.forEachChild(visit);
    });
    if (modules.length === 0) fail(loader, `${page.text} imports no module with import('...')`);
    return modules;
  };

  const objectNamed = (name: string): ts.ObjectLiteralExpression => {
    const value = declarations.get(name);
    if (!value || !ts.isObjectLiteralExpression(value)) {
      throw new Error(`${LAZY_PAGES}: no object literal named ${name}`);
    }
    return value;
  };
  const arrayNamed = (name: string): ts.ArrayLiteralExpression => {
    const value = declarations.get(name);
    if (!value || !ts.isArrayLiteralExpression(value)) {
      throw new Error(`${LAZY_PAGES}: no array literal named ${name}`);
    }
    return value;
  };

  const result = {} as Record<Role, Record<string, string[]>>;
  for (const role of ['admin', 'member'] as const) {
    const pages: Record<string, string[]> = {};
    const namesInTable = new Set<string>();
    for (const entry of objectNamed(TABLE_OF[role]).properties) {
      if (!ts.isPropertyAssignment(entry)) fail(entry, 'expected `[ROUTES.<key>.path]: <Page>`');
      const { name, initializer } = entry as ts.PropertyAssignment;
      const key = routeKeyOf(name);
      if (!key) fail(entry, 'expected the key `[ROUTES.<key>.path]`');
      const routePath = ROUTES[key as RouteKey].path;
      pages[routePath] = modulesOf(initializer);
      namesInTable.add(initializer.getText(source));
    }
    for (const page of arrayNamed(PRELOADED[role]).elements) {
      if (!namesInTable.has(page.getText(source))) {
        fail(
          page,
          `${page.getText(source)} is preloaded for ${role}s but has no path in ${TABLE_OF[role]}`,
        );
      }
    }
    if (Object.keys(pages).length === 0)
      throw new Error(`${LAZY_PAGES}: ${TABLE_OF[role]} is empty`);
    result[role] = pages;
  }
  return result;
}

/** `[ROUTES.myHorses.path]` -> 'myHorses' (a key ROUTES has), otherwise undefined. */
function routeKeyOf(name: ts.PropertyName): string | undefined {
  if (!ts.isComputedPropertyName(name)) return undefined;
  const outer = name.expression;
  if (!ts.isPropertyAccessExpression(outer) || outer.name.text !== 'path') return undefined;
  const inner = outer.expression;
  if (!ts.isPropertyAccessExpression(inner) || !ts.isIdentifier(inner.expression)) return undefined;
  if (inner.expression.text !== 'ROUTES') return undefined;
  return Object.hasOwn(ROUTES, inner.name.text) ? inner.name.text : undefined;
}

/** '../../features/x/y' from src/app/routes -> 'src/features/x/y.tsx', when that file exists. */
function resolveModule(
  webRoot: string,
  fromDir: string,
  specifier: string,
  fail: (node: ts.Node, message: string) => never,
  node: ts.Node,
): string {
  const base = path.resolve(fromDir, specifier);
  const found = ['', '.tsx', '.ts']
    .map((ext) => base + ext)
    .find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile());
  if (!found) return fail(node, `import('${specifier}') names no .ts/.tsx file`);
  return path.relative(webRoot, found).split(path.sep).join('/');
}

/**
 * Chunks a page opens at once by itself, beyond its own: Register Horse opens the form, a lazy
 * chunk of its own (features/horses/register-horse-page.tsx, loadForm). The build stops when
 * one of these is no longer a chunk.
 */
export const ALSO_OPENS: Readonly<Record<string, readonly string[]>> = {
  'src/features/horses/register-horse-page.tsx': [
    'src/features/horses/registration/horse-registration-modal.tsx',
  ],
};

/**
 * What the built index.html preloads at each signed-in path, by role: the page's module(s)
 * from the route tables, then what each opens at once (ALSO_OPENS).
 */
export function signedInPageModules(webRoot: string): Record<Role, Record<string, string[]>> {
  const tables = pageModulesAt(webRoot);
  for (const pages of Object.values(tables)) {
    for (const [at, modules] of Object.entries(pages)) {
      pages[at] = modules.flatMap((module) => [module, ...(ALSO_OPENS[module] ?? [])]);
    }
  }
  return tables;
}
