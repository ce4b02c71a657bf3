const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written yyyy-mm-dd (rejects 2023-02-30, which `Date` would roll over). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  );
}

/**
 * The calendar day of `date` where the code runs. Members pick dates in their own time zone, so
 * the browser's local day is the one that matters; ISO strings then compare correctly as text.
 */
export function toIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
