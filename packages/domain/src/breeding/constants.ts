/**
 * Stallion breeding reports (docs/decisions/0106-breeding-reports.md): the lists the database
 * checks, the API validates and the web shows.
 */

/** How a mare was bred. Registries ask for the method because it changes what is checked. */
export const BREEDING_METHODS = [
  'live-cover',
  'ai-fresh',
  'ai-cooled',
  'ai-frozen',
  'embryo-transfer',
] as const;
export type BreedingMethod = (typeof BREEDING_METHODS)[number];

export const BREEDING_METHOD_LABELS: Record<BreedingMethod, string> = {
  'live-cover': 'Live cover',
  'ai-fresh': 'Artificial insemination (fresh)',
  'ai-cooled': 'Artificial insemination (cooled)',
  'ai-frozen': 'Artificial insemination (frozen)',
  'embryo-transfer': 'Embryo transfer',
};

/** `filed` (new or amended since the office's review) or `reviewed`. */
export const BREEDING_REPORT_STATUSES = ['filed', 'reviewed'] as const;
export type BreedingReportStatus = (typeof BREEDING_REPORT_STATUSES)[number];

/**
 * A foal fits a breeding when its foal date is this many days after one of the breeding dates,
 * both ends included. Horse gestation averages about 340 days; 300-400 takes in early and late
 * foals and a breeding date reported a few days off, and still tells one season from the next.
 */
export const GESTATION_MIN_DAYS = 300;
export const GESTATION_MAX_DAYS = 400;

/** Lines of one report, and breeding dates of one line, at most. */
export const BREEDING_REPORT_MARES_MAX = 300;
export const BREEDING_DATES_MAX = 12;
/** The earliest season a report can be filed for. */
export const BREEDING_SEASON_MIN = 1950;

/** The multipart part (and JSON key) of a registration that names the chosen breeding. */
export const BREEDING_MARE_PART = 'breedingMareId';
