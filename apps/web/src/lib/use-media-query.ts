import { useEffect, useState } from 'react';

/** Whether a CSS media query matches now; `fallback` where matchMedia is missing (tests). */
export function useMediaQuery(query: string, fallback = false): boolean {
  const read = () =>
    typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback;
  const [matches, setMatches] = useState(read);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** Below Bootstrap's `sm` breakpoint: phones held upright. */
export const PHONE_QUERY = '(max-width: 575.98px)';
