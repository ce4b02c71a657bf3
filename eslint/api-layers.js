import { existsSync, readdirSync } from 'node:fs';
import { boundariesBlock } from './boundaries-block.js';

/**
 * The API's modules (apps/api/src/modules/<name>) in layers, lowest first. A module may import
 * itself and modules of lower layers only, so no two modules can import each other, directly or
 * round a loop (docs/decisions/0076-api-module-layers.md). A new module folder must be
 * placed here, or the lint stops.
 */
const API_MODULE_LAYERS = [
  ['horse-repository', 'read-cache', 'files', 'horse-names', 'pedigree', 'statistics', 'system'],
  ['audit'],
  ['auth'],
  ['mail', 'drafts', 'content', 'profile', 'certificates', 'settings'],
  ['otp', 'members', 'payments', 'change-requests', 'breedings'],
  ['horses', 'transfers', 'staff'],
  ['admin-horses', 'uploads', 'accounts', 'member-transfers'],
  ['approvals'],
];
const API_MODULES_DIR = new URL('../apps/api/src/modules/', import.meta.url);
const unplaced = readdirSync(API_MODULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !API_MODULE_LAYERS.flat().includes(entry.name))
  .map((entry) => entry.name);
if (unplaced.length > 0) {
  throw new Error(
    `eslint/api-layers.js: place API module(s) ${unplaced.join(', ')} in API_MODULE_LAYERS`,
  );
}
// Each module has one public face (docs/decisions/0113-api-module-faces.md); a folder without it stops
// the lint, as an unplaced one does.
const faceless = API_MODULE_LAYERS.flat().filter(
  (name) => !existsSync(new URL(`${name}/index.ts`, API_MODULES_DIR)),
);
if (faceless.length > 0) {
  throw new Error(`eslint/api-layers.js: API module(s) ${faceless.join(', ')} need an index.ts`);
}
/** What a module of layer `index` may not import: every module of its own or a higher layer. */
const modulesAbove = (index, self) =>
  API_MODULE_LAYERS.slice(index)
    .flat()
    .filter((name) => name !== self);

/** The files in apps/api/src that build and start the app; the others there are core. */
const API_APP_FILES = '**/apps/api/src/{app,server}.ts';
/** The files in apps/api/src that are not core: the app's, and tests. */
const API_TOP_NOT_CORE = '**/apps/api/src/{app,server,*.test}.ts';
/** Test files, wherever they sit. */
const TEST_FILES = '**/*.test.ts';
/** A module's one public face (docs/decisions/0113-api-module-faces.md). */
const MODULE_FACE = 'index.ts';
/** A module's HTTP files: only the app registers them. */
const ROUTES_FILES = ['routes.ts', '*-routes.ts', '*-route.ts'];

/** Folders whose every file is test code: helpers, and suites that cross the whole app. */
const API_TEST_TYPES = ['api-test-helpers', 'api-security', 'api-fault', 'api-multi-instance'];
const API_TYPES = ['api-core', 'api-top', 'api-plugins', 'api-module', 'api-ops'];

const core = [
  { element: { type: 'api-core' } },
  { element: { type: 'api-top' }, file: { path: `!${API_TOP_NOT_CORE}` } },
];
const domain = { element: { type: 'domain' } };

/**
 * The API's import rules, in a file of their own (eslint.config.js includes them).
 * `typescriptResolver`: the import resolver eslint.config.js sets up for every block.
 *
 * Nothing is allowed unless a policy below allows it (`default: 'disallow'`), and every folder of
 * apps/api/src is an element, so a new folder or an import to an unclassified file (another app,
 * scripts) fails until it is placed. Imports inside one element are checked too
 * (`checkInternals`): a core file in src may not import app.ts, nor production code a test file.
 * Policies are read in order and the last one that matches decides.
 */
export function apiLayers(typescriptResolver) {
  return boundariesBlock({
    files: ['apps/api/src/**/*.ts'],
    typescriptResolver,
    elements: [
      { type: 'api-core', pattern: 'apps/api/src/db' },
      { type: 'api-plugins', pattern: 'apps/api/src/plugins' },
      { type: 'api-module', pattern: 'apps/api/src/modules/*', capture: ['module'] },
      { type: 'api-ops', pattern: 'apps/api/src/ops' },
      { type: 'api-test-helpers', pattern: 'apps/api/src/test' },
      { type: 'api-security', pattern: 'apps/api/src/security' },
      { type: 'api-fault', pattern: 'apps/api/src/fault' },
      { type: 'api-multi-instance', pattern: 'apps/api/src/multi-instance' },
      // The files directly in src: the app (API_APP_FILES), tests, and core (the rest).
      { type: 'api-top', pattern: 'apps/api/src' },
      // Outside the API: the shared domain package, and the other apps (never imported).
      { type: 'domain', pattern: 'packages/domain' },
      { type: 'other-app', pattern: '{apps/web,e2e}' },
    ],
    policies: [
      // Core (db, config, errors, numbering...) <- plugins <- modules <- the app. Every
      // API file may use the domain package.
      {
        from: { element: { types: [...API_TYPES, ...API_TEST_TYPES] } },
        allow: { to: domain },
      },
      { from: core, allow: { to: core } },
      {
        from: { element: { type: 'api-plugins' } },
        allow: { to: [...core, { element: { type: 'api-plugins' } }] },
      },
      {
        from: { element: { type: 'api-module' } },
        allow: {
          to: [
            ...core,
            { element: { type: 'api-plugins' } },
            {
              element: {
                type: 'api-module',
                captured: { module: '{{ from.captured.module }}' },
              },
            },
            // Another module only through its face.
            { element: { type: 'api-module', fileInternalPath: MODULE_FACE } },
          ],
        },
      },
      // The app (app.ts, server.ts, ops) wires everything: any module file, routes too.
      {
        from: [
          { element: { type: 'api-ops' } },
          { element: { type: 'api-top' }, file: { path: API_APP_FILES } },
        ],
        allow: {
          to: [
            ...core,
            { element: { types: ['api-plugins', 'api-module', 'api-ops'] } },
            { element: { type: 'api-top' }, file: { path: API_APP_FILES } },
          ],
        },
      },
      // A module imports modules of lower layers only (even their faces).
      ...API_MODULE_LAYERS.flatMap((layer, index) =>
        layer.map((module) => ({
          from: { element: { type: 'api-module', captured: { module } } },
          disallow: {
            to: {
              element: {
                type: 'api-module',
                captured: { module: modulesAbove(index, module) },
              },
            },
          },
        })),
      ),
      // Tests and their helpers may reach any API file (they build and poke the whole app).
      {
        from: [{ element: { types: API_TEST_TYPES } }, { file: { path: TEST_FILES } }],
        allow: { to: { element: { types: [...API_TYPES, ...API_TEST_TYPES] } } },
      },
      // ...but the security suites test the app over HTTP, never a module's routes file.
      {
        from: { element: { type: 'api-security' } },
        disallow: { to: { element: { type: 'api-module', fileInternalPath: ROUTES_FILES } } },
      },
      // Production code never imports test code.
      {
        from: { element: { types: API_TYPES }, file: { path: `!${TEST_FILES}` } },
        disallow: {
          to: [
            { element: { types: API_TEST_TYPES } },
            { element: { types: API_TYPES }, file: { path: TEST_FILES } },
          ],
        },
      },
      // No API file imports another app.
      {
        from: { element: { types: [...API_TYPES, ...API_TEST_TYPES] } },
        disallow: { to: { element: { type: 'other-app' } } },
      },
    ],
  });
}
