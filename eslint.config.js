import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiLayers } from './eslint/api-layers.js';
import { boundariesBlock } from './eslint/boundaries-block.js';

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

const typescriptResolver = {
  [fileURLToPath(new URL('./scripts/eslint-typescript-resolver.cjs', import.meta.url))]: {},
};

/** The folders of apps/web/src, each an element below; a new one must be placed, or the lint stops. */
const WEB_SRC_FOLDERS = [
  'app',
  'features',
  'lib',
  'components',
  'stores',
  'styles',
  'assets',
  'test',
];
const unplacedWebFolders = readdirSync(new URL('./apps/web/src/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory() && !WEB_SRC_FOLDERS.includes(entry.name))
  .map((entry) => entry.name);
if (unplacedWebFolders.length > 0) {
  throw new Error(
    `eslint.config.js: place apps/web/src/${unplacedWebFolders.join(', ')} in WEB_SRC_FOLDERS and the boundaries`,
  );
}

/** Test code outside the test folders: test files, and the two fixture files beside the code. */
const TEST_FILE =
  '**/{*.test.{ts,tsx},packages/domain/src/horse/test-fixtures.ts,apps/web/src/features/horses/registration/test-values.ts}';
/** The web app's entry (starts the app shell) and its build configuration. */
const WEB_ENTRY = '**/apps/web/src/main.tsx';
const WEB_BUILD_CONFIG = '**/apps/web/vite.config.ts';
/** The one production file of the API that e2e may import: the demo horses' small real files. */
const API_DEMO_FILES = '**/apps/api/src/modules/horses/demo-files.ts';

const WEB_PRODUCTION_TYPES = ['web-app', 'web-feature', 'web-shared', 'web-build', 'web-top'];
const WEB_TYPES = [...WEB_PRODUCTION_TYPES, 'web-test-helpers'];
const TEST_TYPES = ['web-test-helpers', 'e2e', 'api-test-helpers'];
const domain = { element: { type: 'domain' } };
const webShared = { element: { type: 'web-shared' } };

/**
 * Import boundaries of the web app, the domain package and e2e (docs/architecture.md
 * "Boundaries", docs/decisions/0077-web-feature-boundaries.md); the API's are in
 * eslint/api-layers.js. Nothing is allowed unless a policy below allows it, every folder is an
 * element, and imports inside one element are checked too, so a feature's own file may not
 * import its test file (eslint/boundaries-block.js).
 */
const appBoundaries = boundariesBlock({
  files: ['apps/web/**/*.{ts,tsx}', 'packages/domain/**/*.ts', 'e2e/**/*.ts'],
  typescriptResolver,
  elements: [
    { type: 'web-app', pattern: 'apps/web/src/app' },
    { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
    { type: 'web-shared', pattern: 'apps/web/src/{lib,components,stores,styles,assets}' },
    { type: 'web-test-helpers', pattern: 'apps/web/src/test' },
    { type: 'web-build', pattern: 'apps/web/vite' },
    // The files directly in apps/web/src and apps/web: the entry and the build configuration.
    { type: 'web-top', pattern: 'apps/web' },
    { type: 'domain', pattern: 'packages/domain' },
    { type: 'e2e', pattern: 'e2e' },
    // The API, imported by nothing here but e2e (its test helpers and the demo files).
    { type: 'api-test-helpers', pattern: 'apps/api/src/test' },
    { type: 'api', pattern: 'apps/api' },
  ],
  policies: [
    // The domain package imports only itself: the apps depend on it, never it on them.
    { from: domain, allow: { to: domain } },
    // Shared web code (lib, components, stores, styles, assets): shared code, the domain.
    { from: webShared, allow: { to: [webShared, domain] } },
    // A feature: itself, shared code, the domain, and another feature only through the
    // modules that feature offers (FEATURE_PUBLIC_MODULES).
    {
      from: { element: { type: 'web-feature' } },
      allow: {
        to: [
          {
            element: {
              type: 'web-feature',
              captured: { feature: '{{ from.captured.feature }}' },
            },
          },
          webShared,
          domain,
          ...Object.entries(FEATURE_PUBLIC_MODULES).map(([feature, modules]) => ({
            element: {
              type: 'web-feature',
              captured: { feature },
              fileInternalPath: modules.map((m) => `${m}.{ts,tsx}`),
            },
          })),
        ],
      },
    },
    // The app shell (router, store, layout) puts the features together.
    {
      from: { element: { type: 'web-app' } },
      allow: { to: [{ element: { types: ['web-app', 'web-feature'] } }, webShared, domain] },
    },
    // main.tsx starts the app shell.
    {
      from: { element: { type: 'web-top' }, file: { path: WEB_ENTRY } },
      allow: { to: [{ element: { type: 'web-app' } }, webShared, domain] },
    },
    // The build (vite.config.ts, vite/) reads the route table (lib/routes.ts).
    {
      from: [
        { element: { type: 'web-build' } },
        { element: { type: 'web-top' }, file: { path: WEB_BUILD_CONFIG } },
      ],
      allow: { to: [{ element: { type: 'web-build' } }, webShared] },
    },
    // Web tests and their helpers may reach any web file (they render the whole app).
    {
      from: [
        { element: { type: 'web-test-helpers' } },
        { element: { types: WEB_PRODUCTION_TYPES }, file: { path: TEST_FILE } },
      ],
      allow: { to: [{ element: { types: WEB_TYPES } }, domain] },
    },
    // e2e drives the built product: besides itself and the domain, the API's test helpers
    // (spawned server, fakes), the page table of the web build and the API's demo files.
    {
      from: { element: { type: 'e2e' } },
      allow: {
        to: [
          { element: { types: ['e2e', 'api-test-helpers', 'web-build'] } },
          domain,
          { element: { type: 'api' }, file: { path: API_DEMO_FILES } },
        ],
      },
    },
    // Production code never imports test code (last, so no allow above can override it).
    {
      from: {
        element: { types: [...WEB_PRODUCTION_TYPES, 'domain'] },
        file: { path: `!${TEST_FILE}` },
      },
      disallow: { to: [{ element: { types: TEST_TYPES } }, { file: { path: TEST_FILE } }] },
    },
  ],
});

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
  appBoundaries,
  apiLayers(typescriptResolver),
);
