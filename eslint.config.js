import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { fileURLToPath } from 'node:url';
import { apiLayers } from './eslint/api-layers.js';

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
  apiLayers(typescriptResolver),
);
