import boundaries from 'eslint-plugin-boundaries';

/**
 * A block of import boundaries as the lint's two are made (eslint.config.js's appBoundaries and
 * api-layers.js; docs/decisions/0114-import-boundaries-disallow.md). `elements` are the folders,
 * each matched whole (`partialMatch: false`). Nothing is allowed unless one of `policies` allows
 * it (`default: 'disallow'`), imports inside one element are checked too (`checkInternals`), and
 * an import of a file outside every element fails (`checkUnknownLocals`). Policies are read in
 * order and the last one that matches decides. `typescriptResolver`: the import resolver
 * eslint.config.js sets up for every block.
 */
export function boundariesBlock({ files, typescriptResolver, elements, policies }) {
  return {
    files,
    plugins: { boundaries },
    settings: {
      'import/resolver': typescriptResolver,
      'boundaries/elements': elements.map((element) => ({ ...element, partialMatch: false })),
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'disallow', checkInternals: true, checkUnknownLocals: true, policies },
      ],
    },
  };
}
