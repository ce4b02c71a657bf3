import { afterEach } from 'vitest';

/**
 * For tests that set the screen's size: returns `setScreen`, which makes window.matchMedia (read
 * by use-media-query.ts) answer `matches(query)` for every media query. After each test the
 * window gets back what it had (jsdom has no matchMedia: the app then takes a wide screen).
 */
export function stubbedMatchMedia() {
  const original = window.matchMedia;
  afterEach(() => {
    if (original) window.matchMedia = original;
    else Reflect.deleteProperty(window, 'matchMedia');
  });
  return (matches: (query: string) => boolean) => {
    window.matchMedia = ((query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
  };
}
