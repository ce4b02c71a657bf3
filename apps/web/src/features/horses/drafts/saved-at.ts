import { formatDate } from '../../../lib/format';

/** "02:05 PM" today, "Mar 3, 02:05 PM" another day: when a draft was last saved, in the member's time. */
export function formatSavedAt(iso: string, now: Date = new Date()): string {
  const when = new Date(iso);
  const time = formatDate(when, 'time');
  if (time === undefined) return '';
  if (when.toDateString() === now.toDateString()) return time;
  const day = formatDate(when, when.getFullYear() === now.getFullYear() ? 'dayThisYear' : 'day');
  return `${day}, ${time}`;
}
