import type { StoredUser } from './session-storage';

/** The name shown for a user: full name when known, else the email, else a neutral word. */
export function displayName(user: StoredUser): string {
  const fullName = [user.firstName, user.lastName]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(' ');
  return fullName || user.email || 'Account';
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * A timestamp as YYYY/MM/DD in the viewer's time zone (spec §2.6 item 19), or '-' when it
 * is missing or unreadable.
 */
export function formatDaySlashed(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '-';
  return `${date.getFullYear()}/${pad2(date.getMonth() + 1)}/${pad2(date.getDate())}`;
}

/**
 * A stored date as the yyyy-mm-dd a date input holds (spec §4: dates trimmed on prefill).
 * Plain days pass through; full timestamps keep their date part.
 */
export function toDateInputValue(value: string | null | undefined): string {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value?.trim() ?? '');
  return match?.[1] ?? '';
}
