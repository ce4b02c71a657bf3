import { BREEDING_MESSAGES, type BreedingReportSettings } from '@registry/domain';
import { HttpError } from '../../http-error.js';

/*
 * When a season's breeding reports close (docs/api.md "Breeding reports"): a month and day the
 * association sets, in the season's year or the next, kept by the settings module
 * (`breedingReportSettings`). Until the end of that day (UTC) the stallion owner files and amends.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The season's last day (ISO date). A day past the month's end (31 in a 30-day month, 29
 * February in a common year) means the month's last day.
 */
export function deadlineOf(season: number, settings: BreedingReportSettings): string {
  const year = season + settings.deadlineYearOffset;
  const lastOfMonth = new Date(Date.UTC(year, settings.deadlineMonth, 0)).getUTCDate();
  return `${year}-${pad(settings.deadlineMonth)}-${pad(Math.min(settings.deadlineDay, lastOfMonth))}`;
}

export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** Open: the season has started and its deadline day has not ended (UTC). */
export function isSeasonOpen(season: number, settings: BreedingReportSettings, now = new Date()) {
  return season <= now.getUTCFullYear() && todayUtc(now) <= deadlineOf(season, settings);
}

/** The seasons a report can be filed for today, newest first. */
export function openSeasons(settings: BreedingReportSettings, now = new Date()) {
  const year = now.getUTCFullYear();
  return [year, year - 1]
    .filter((season) => isSeasonOpen(season, settings, now))
    .map((season) => ({ season, deadline: deadlineOf(season, settings) }));
}

/** 400 for a season not started, 403 once its deadline has passed. */
export function requireSeasonOpen(
  season: number,
  settings: BreedingReportSettings,
  now = new Date(),
): void {
  if (season > now.getUTCFullYear()) {
    throw new HttpError(400, BREEDING_MESSAGES.seasonInFuture, {
      season: BREEDING_MESSAGES.seasonInFuture,
    });
  }
  if (!isSeasonOpen(season, settings, now)) {
    throw new HttpError(
      403,
      BREEDING_MESSAGES.deadlinePassed(season, deadlineOf(season, settings)),
    );
  }
}
