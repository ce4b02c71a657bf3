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
 * The locale of every date, time and amount the app writes out: the association's, whatever the
 * browser's language, so members, the office, e-mails and tests read the same text (and an
 * amount looks like the server's, formatUsd in packages/domain). Times stay in the viewer's zone.
 */
export const LOCALE = 'en-US';

const formatters = {
  /** "3/3/2026, 2:05:00 PM": what `toLocaleString()` printed on an American browser. */
  dateTime: new Intl.DateTimeFormat(LOCALE, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }),
  /** "3/3/2026". */
  date: new Intl.DateTimeFormat(LOCALE, { year: 'numeric', month: 'numeric', day: 'numeric' }),
  /** "Mar 3, 2026". */
  day: new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric', year: 'numeric' }),
  /** "Mar 3". */
  dayThisYear: new Intl.DateTimeFormat(LOCALE, { month: 'short', day: 'numeric' }),
  /** "02:05 PM". */
  time: new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit' }),
  /** "$50", "$12.50": whole dollars without cents. */
  usdShort: new Intl.NumberFormat(LOCALE, {
    style: 'currency',
    currency: 'USD',
    trailingZeroDisplay: 'stripIfInteger',
  }),
};

export type DateFormat = 'dateTime' | 'date' | 'day' | 'dayThisYear' | 'time';

/** A date in one of the app's formats; `undefined` when it cannot be read. */
export function formatDate(value: string | Date, format: DateFormat): string | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : formatters[format].format(date);
}

/** An amount of cents as "$50" or "$12.50" (labels and chart axes; formatUsd elsewhere). */
export function formatUsdShort(cents: number): string {
  return formatters.usdShort.format(Math.round(cents) / 100);
}

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
