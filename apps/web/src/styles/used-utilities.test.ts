import { describe, expect, it } from 'vitest';
import * as sass from 'sass';

// Every source file of the app as text (tests left out: their class names style nothing).
const sources = import.meta.glob<string>(['../**/*.{ts,tsx,css}', '!../**/*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const compile = (text: string) =>
  sass.compileString(text, {
    // Relative to where Vitest runs: the repository root, or apps/web. (Vite's ?raw gives
    // no stylesheet text here: the web tests run with css: false.)
    loadPaths: ['.', 'node_modules', '../..', '../../node_modules'],
    logger: sass.Logger.silent,
  }).css;

/** Class names of a stylesheet, without escapes (`.dark\:bg-body` -> `dark:bg-body`). */
function classNames(css: string): Set<string> {
  return new Set([...css.matchAll(/\.(-?[a-z][\w\\:-]*)/gi)].map((m) => m[1]!.replace(/\\/g, '')));
}

describe('the utility classes we build', () => {
  it('include every CoreUI utility class the app names', () => {
    const all = classNames(compile("@use '@coreui/coreui/scss/utilities/api';"));
    const built = classNames(compile("@use 'apps/web/src/styles/used-utilities';"));
    const named = new Set(
      Object.values(sources)
        .join('\n')
        .match(/[\w-]+/g),
    );
    const missing = [...named].filter((name) => all.has(name) && !built.has(name));
    // Add these to $keep-classes in styles/_used-utilities.scss.
    expect(missing).toEqual([]);
    // And the cut is real: far fewer classes than CoreUI's full set.
    expect(built.size).toBeLessThan(all.size / 3);
  }, 30_000);
});
