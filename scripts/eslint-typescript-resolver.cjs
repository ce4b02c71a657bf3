// Resolves imports for eslint-plugin-boundaries with TypeScript's own module resolution, so the
// lint sees the same files `tsc` does (`./x.js` -> `x.ts`, `@registry/domain` -> its source).
// eslint-import-resolver-typescript would do this too, but its current versions need a native
// package with an install script (docs/decisions/0077-web-feature-boundaries.md).
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const options = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  customConditions: ['source'],
  allowJs: true,
  jsx: ts.JsxEmit.ReactJSX,
};

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file) {
  const { resolvedModule } = ts.resolveModuleName(source, file, options, ts.sys);
  if (resolvedModule && !resolvedModule.isExternalLibraryImport) {
    return { found: true, path: path.resolve(resolvedModule.resolvedFileName) };
  }
  if (resolvedModule) return { found: true, path: null };
  // Style sheets, images and other assets a bundler loads: the file itself.
  if (source.startsWith('.')) {
    const target = path.resolve(path.dirname(file), source);
    if (fs.existsSync(target)) return { found: true, path: target };
  }
  return { found: false };
};
