import { describe, expect, it } from 'vitest';
import * as sass from 'sass';

// Every source file of the app as text, comments left out (tests too: their class names
// style nothing).
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.*'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const code = Object.values(sources)
  .join('\n')
  .replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1');

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

// Words of the code that are CoreUI class names by chance: a variable, an element, an
// attribute, a class our own app.css styles, and a prop (TermsText's `collapsed`).
const NOT_COREUI_CLASSES = ['ratio', 'figure', 'placeholder', 'avatar-img', 'collapsed'];

describe('our cut of CoreUI', () => {
  it('defines every CoreUI class the app names', () => {
    const all = classNames(compile("@use '@coreui/coreui/scss/coreui';"));
    // The sheet every page loads and the one the signed-in shell adds.
    const ours = classNames(
      compile("@use 'apps/web/src/styles/coreui'; @use 'apps/web/src/styles/shell';"),
    );
    const named = new Set(code.match(/[\w-]+/g));
    const missing = [...named].filter(
      (name) => all.has(name) && !ours.has(name) && !NOT_COREUI_CLASSES.includes(name),
    );
    // Add the part back in styles/coreui.scss, or a utility to styles/_used-utilities.scss.
    expect(missing).toEqual([]);
    // All of CoreUI and both our sheets compiled: slow on a busy machine.
  }, 90_000);

  it('builds far fewer utility classes than CoreUI has', () => {
    const all = classNames(compile("@use '@coreui/coreui/scss/utilities/api';"));
    const ours = classNames(compile("@use 'apps/web/src/styles/used-utilities';"));
    expect(ours.size).toBeLessThan(all.size / 3);
  }, 30_000);
});
