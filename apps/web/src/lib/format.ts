import { formatUsd } from '@registry/domain';
import { nextTask } from './after-next-paint';
import type { StoredUser } from './session-storage';

/** The name shown for a user: full name when known, else the email, else a neutral word. */
export function displayName(user: StoredUser): string {
  const fullName = [user.firstName, user.lastName]
    .filter((part): part is string => Boolean(part?.trim()))
    .join(' ');
  return fullName || user.email || 'Account';
}

/** The name shown for a member the office's answers name: their name, else their email. */
export function ownerName(
  owner: { name: string; email: string } | null | undefined,
  unknown = '—',
): string {
  return owner?.name || owner?.email || unknown;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The locale of every date, time and amount the app writes out: the association's, whatever the
 * browser's language, so members, the office, e-mails and tests read the same text (and an
 * amount looks like the server's, formatUsd in packages/domain). Times stay in the viewer's zone.
 */
export const LOCALE = 'en-US';

/*
 * Formatters are built on first use, not when this module loads: building an Intl formatter
 * loads locale data (a few ms of CPU each here, the first currency one 7-13 ms; four times that
 * on Lighthouse's phone), and the shell imports this module before its first paint
 * (docs/decisions/0118-intl-formatters-on-first-use.md).
 */
const DATE_OPTIONS = {
  /** "3/3/2026, 2:05:00 PM": what `toLocaleString()` printed on an American browser. */
  dateTime: {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  },
  /** "3/3/2026". */
  date: { year: 'numeric', month: 'numeric', day: 'numeric' },
  /** "Mar 3, 2026". */
  day: { month: 'short', day: 'numeric', year: 'numeric' },
  /** "Mar 3". */
  dayThisYear: { month: 'short', day: 'numeric' },
  /** "02:05 PM". */
  time: { hour: '2-digit', minute: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateFormat = keyof typeof DATE_OPTIONS;

const dateFormatters = new Map<DateFormat, Intl.DateTimeFormat>();
let usdShort: Intl.NumberFormat | undefined;

function dateFormatter(format: DateFormat): Intl.DateTimeFormat {
  let formatter = dateFormatters.get(format);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE, DATE_OPTIONS[format]);
    dateFormatters.set(format, formatter);
  }
  return formatter;
}

/** A date in one of the app's formats; `undefined` when it cannot be read. */
export function formatDate(value: string | Date, format: DateFormat): string | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : dateFormatter(format).format(date);
}

/** An amount of cents as "$50" or "$12.50" (labels and chart axes; formatUsd elsewhere). */
export function formatUsdShort(cents: number): string {
  /** "$50", "$12.50": whole dollars without cents. */
  usdShort ??= new Intl.NumberFormat(LOCALE, {
    style: 'currency',
    currency: 'USD',
    trailingZeroDisplay: 'stripIfInteger',
  });
  return usdShort.format(Math.round(cents) / 100);
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

/**
 * Builds the formatters a signed-in page prints with, one per task, before the page first
 * renders (lazy-pages' preloadShellAndPageAt): built inside that render instead, the first
 * amount took 7-13 ms of the task that drew the page (docs/decisions/0118-intl-formatters-on-first-use.md).
 */
export async function warmFormatters(): Promise<void> {
  const now = new Date();
  const builds = [
    () => formatUsd(0),
    () => formatUsdShort(0),
    ...Object.keys(DATE_OPTIONS).map((format) => () => formatDate(now, format as DateFormat)),
  ];
  for (const build of builds) {
    build();
    await nextTask();
  }
}
