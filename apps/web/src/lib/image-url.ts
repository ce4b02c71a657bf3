/**
 * Turns a stored picture reference into something an <img> can load. Absolute URLs, rooted
 * paths and data URLs pass through; a bare key is assumed to live under /uploads/ (spec §7).
 */
export function imageUrl(reference: string | null | undefined): string | null {
  const value = reference?.trim();
  if (!value) return null;
  if (/^(https?:|data:|blob:|\/)/i.test(value)) return value;
  return `/uploads/${value}`;
}
