/**
 * Keeps the spaces that belong to an element's own text in the accessible names Testing
 * Library computes, as browsers do: `<button>Remove<span class="visually-hidden"> a.png</span>
 * </button>` is named "Remove a.png", not "Removea.png".
 *
 * Testing Library (`getByRole(..., { name })`) and jest-dom (`toHaveAccessibleName`) compute
 * names with dom-accessibility-api. Since 0.5.13 (0.7.1, the latest, too) its step 2F returns
 * each descendant's text trimmed, and joins descendants with a space only when
 * `getComputedStyle(child).display` is not `inline`. jsdom up to 26 answered `""` for every
 * element's display, so every descendant got a space and the trim lost nothing. jsdom 27 and
 * later answer `inline` for a span, so the space that starts " a.png" is trimmed away and
 * nothing replaces it (eps1lon/dom-accessibility-api#1075 and #1087, open; the fixes #971 and
 * #1074 were closed unmerged; jsdom/jsdom#3958 and #4091 were closed pointing at that library).
 *
 * The fix is the one line of the library at fault, made as Node loads it: a descendant's text
 * keeps its own leading and trailing spaces unless it is only whitespace (which still counts as
 * no text, so a button of spaces falls back to its `title` as before). The whole name is still
 * trimmed and its runs of whitespace collapsed at the end (the library's `asFlatString`), and
 * inline elements with no whitespace between them still join without one.
 * `accessible-name-spaces.test.ts` shows each case; if the library changes that line, loading
 * it throws here so the patch is looked at again (and dropped once the library is fixed).
 *
 * setup.ts imports this module first: the hook must be in place before Testing Library loads.
 */
import { registerHooks } from 'node:module';

const MODULE = /\/dom-accessibility-api\/dist\/accessible-name-and-description\.m?js$/;
const TRIMMED = 'return accumulatedText.trim();';
const KEPT = 'return accumulatedText.trim() === "" ? "" : accumulatedText;';

registerHooks({
  load(url, context, nextLoad) {
    const loaded = nextLoad(url, context);
    if (!MODULE.test(url)) return loaded;
    const source = String(loaded.source);
    // Already changed by this hook installed earlier in the same process (a reused worker).
    if (source.includes(KEPT)) return loaded;
    if (source.split(TRIMMED).length !== 2) {
      throw new Error(
        `${url} no longer has the one "${TRIMMED}" that accessible-name-spaces.ts replaces: ` +
          'check whether dom-accessibility-api keeps the spaces now, and drop or adapt the patch',
      );
    }
    return { ...loaded, source: source.replace(TRIMMED, KEPT) };
  },
});
