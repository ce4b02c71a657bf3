import boundaries from 'eslint-plugin-boundaries';
import { readdirSync } from 'node:fs';

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
/** What a module of layer `index` may not import: every module of its own or a higher layer. */
const modulesAbove = (index, self) =>
  API_MODULE_LAYERS.slice(index)
    .flat()
    .filter((name) => name !== self);

/** The files in apps/api/src that build and start the app; the others there are core. */
const API_APP_FILES = '**/apps/api/src/{app,server}.ts';

/**
 * The API's import rules, in a file of their own (eslint.config.js includes them).
 * `typescriptResolver`: the import resolver eslint.config.js sets up for every block.
 */
export function apiLayers(typescriptResolver) {
  return (
    // API layers (docs/architecture.md): core (db, config, errors, numbering) <- plugins <- modules
    // (in API_MODULE_LAYERS order) <- the app (app.ts, server.ts, ops). Each imports only its own
    // layer or lower ones; a module's routes and queries are its own: other modules use its
    // services. Tests and their helpers may reach across.
    {
      files: ['apps/api/src/**/*.ts'],
      ignores: ['**/*.test.ts', 'apps/api/src/{test,security,fault,multi-instance}/**'],
      plugins: { boundaries },
      settings: {
        'import/resolver': typescriptResolver,
        'boundaries/elements': [
          { type: 'api-core', pattern: 'apps/api/src/db', partialMatch: false },
          { type: 'api-plugins', pattern: 'apps/api/src/plugins', partialMatch: false },
          {
            type: 'api-module',
            pattern: 'apps/api/src/modules/*',
            capture: ['module'],
            partialMatch: false,
          },
          { type: 'api-app', pattern: 'apps/api/src/ops', partialMatch: false },
          // The files directly in src: the app (API_APP_FILES) and core (the rest).
          { type: 'api-top', pattern: 'apps/api/src', partialMatch: false },
        ],
      },
      rules: {
        'boundaries/dependencies': [
          'error',
          {
            default: 'allow',
            policies: [
              {
                from: { element: { type: 'api-core' } },
                disallow: {
                  to: [
                    { element: { types: ['api-plugins', 'api-module', 'api-app'] } },
                    { element: { type: 'api-top' }, file: { path: API_APP_FILES } },
                  ],
                },
              },
              {
                from: { element: { type: 'api-top' }, file: { path: `!${API_APP_FILES}` } },
                disallow: {
                  to: [
                    { element: { types: ['api-plugins', 'api-module', 'api-app'] } },
                    { element: { type: 'api-top' }, file: { path: API_APP_FILES } },
                  ],
                },
              },
              {
                from: { element: { type: 'api-plugins' } },
                disallow: {
                  to: [
                    { element: { types: ['api-module', 'api-app'] } },
                    { element: { type: 'api-top' }, file: { path: API_APP_FILES } },
                  ],
                },
              },
              {
                from: { element: { type: 'api-module' } },
                disallow: {
                  to: [
                    { element: { type: 'api-app' } },
                    { element: { type: 'api-top' }, file: { path: API_APP_FILES } },
                  ],
                },
              },
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
              {
                from: { element: { type: 'api-module' } },
                disallow: {
                  to: {
                    element: {
                      type: 'api-module',
                      captured: { module: '!{{ from.captured.module }}' },
                      fileInternalPath: ['queries.ts', 'routes.ts', '*-routes.ts'],
                    },
                  },
                },
              },
            ],
          },
        ],
      },
    }
  );
}
