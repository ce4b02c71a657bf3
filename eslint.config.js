import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The modules a web feature offers to other features (paths inside its folder, no extension).
 * Anything else in a feature is its own: import it from another feature and the lint fails.
 */
const FEATURE_PUBLIC_MODULES = {
  payments: [
    'payments-api',
    'card-entry',
    'payment-method',
    'use-payment-flow',
    'order-summary-dialog',
    'secure-card-fields',
    'admin-payment-mode',
    'lazy-admin-payment-dialog',
    'admin-payments-panel',
  ],
  mail: ['mail-problems-card', 'office-notices-card'],
  'breeding-reports': [
    'api',
    'breeding-check',
    'stallion-reports-dialog',
    'office-reports-section',
  ],
};

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
const API_MODULES_DIR = new URL('./apps/api/src/modules/', import.meta.url);
const unplaced = readdirSync(API_MODULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !API_MODULE_LAYERS.flat().includes(entry.name))
  .map((entry) => entry.name);
if (unplaced.length > 0) {
  throw new Error(
    `eslint.config.js: place API module(s) ${unplaced.join(', ')} in API_MODULE_LAYERS`,
  );
}
/** What a module of layer `index` may not import: every module of its own or a higher layer. */
const modulesAbove = (index, self) =>
  API_MODULE_LAYERS.slice(index)
    .flat()
    .filter((name) => name !== self);

/** The files in apps/api/src that build and start the app; the others there are core. */
const API_APP_FILES = '**/apps/api/src/{app,server}.ts';

const typescriptResolver = {
  [fileURLToPath(new URL('./scripts/eslint-typescript-resolver.cjs', import.meta.url))]: {},
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-types/**', '**/node_modules/**', 'data/**', '**/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // CommonJS on purpose: ESLint loads import resolvers with require().
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Import boundaries (docs/architecture.md, docs/decisions/0077-web-feature-boundaries.md):
  // shared code (lib, components, stores, styles, assets) imports only shared code; a feature
  // imports shared code, itself, and another feature only through the modules that feature
  // offers for sharing (FEATURE_PUBLIC_MODULES); the app shell and tests may import anything.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    // Tests and their helpers may reach across (they render the whole app).
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    plugins: { boundaries },
    settings: {
      'import/resolver': typescriptResolver,
      'boundaries/elements': [
        { type: 'web-app', pattern: 'apps/web/src/{app,test}', partialMatch: false },
        {
          type: 'web-feature',
          pattern: 'apps/web/src/features/*',
          capture: ['feature'],
          partialMatch: false,
        },
        {
          type: 'web-shared',
          pattern: 'apps/web/src/{lib,components,stores,styles,assets}',
          partialMatch: false,
        },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'web-shared' } },
              disallow: { to: { element: { types: ['web-feature', 'web-app'] } } },
            },
            {
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { type: 'web-app' } } },
            },
            {
              from: { element: { type: 'web-feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'web-feature',
                    captured: { feature: '!{{ from.captured.feature }}' },
                  },
                },
              },
            },
            ...Object.entries(FEATURE_PUBLIC_MODULES).map(([feature, modules]) => ({
              from: { element: { type: 'web-feature' } },
              allow: {
                to: {
                  element: {
                    type: 'web-feature',
                    captured: { feature },
                    fileInternalPath: modules.map((m) => `${m}.{ts,tsx}`),
                  },
                },
              },
            })),
          ],
        },
      ],
    },
  },
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
  },
);
