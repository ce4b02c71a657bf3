import { z } from 'zod';
import { reviewedVersionSchema } from '../admin/horses.js';
import { SHORT_TEXT_MAX } from '../horse/constants.js';
import { isIsoDate } from '../horse/dates.js';
import {
  BREEDING_DATES_MAX,
  BREEDING_METHODS,
  BREEDING_REPORT_MARES_MAX,
  BREEDING_REPORT_STATUSES,
} from './constants.js';
import { BREEDING_MESSAGES } from './messages.js';

/*
 * Requests and answers of the breeding reports (docs/api.md "Breeding reports") and of the
 * foal form's "Breedings that fit".
 */

const isoDate = z
  .string({ error: BREEDING_MESSAGES.dateInvalid })
  .trim()
  .refine(isIsoDate, BREEDING_MESSAGES.dateInvalid);

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((value) => value ?? '');

/** One mare bred: a registered mare by number, or another mare by name and her owner's name. */
export const breedingMareInputSchema = z
  .object({
    /** The line's id when amending it (foals linked to the line keep their link). */
    id: z.uuid().optional(),
    mareRegistrationNumber: text(40),
    mareName: text(SHORT_TEXT_MAX),
    mareOwnerName: text(SHORT_TEXT_MAX),
    breedingDates: z
      .array(isoDate, { error: BREEDING_MESSAGES.datesRequired })
      .min(1, BREEDING_MESSAGES.datesRequired)
      .max(BREEDING_DATES_MAX, BREEDING_MESSAGES.tooManyDates),
    method: z.enum(BREEDING_METHODS, { error: BREEDING_MESSAGES.methodRequired }),
  })
  .superRefine((line, sink) => {
    if (line.mareRegistrationNumber) return;
    if (!line.mareName) {
      sink.addIssue({
        code: 'custom',
        path: ['mareName'],
        message: BREEDING_MESSAGES.mareRequired,
      });
    }
    if (!line.mareOwnerName) {
      sink.addIssue({
        code: 'custom',
        path: ['mareOwnerName'],
        message: BREEDING_MESSAGES.mareOwnerRequired,
      });
    }
  });
export type BreedingMareInput = z.input<typeof breedingMareInputSchema>;

/** `PUT horses/:id/breeding-reports/:season`: files the season's report, or amends it. */
export const fileBreedingReportSchema = z.object({
  mares: z
    .array(breedingMareInputSchema)
    .min(1, BREEDING_MESSAGES.maresRequired)
    .max(BREEDING_REPORT_MARES_MAX, BREEDING_MESSAGES.tooManyMares),
  /** The version being amended (the report's `version` as read); absent for a first filing. */
  version: reviewedVersionSchema.optional(),
});
export type FileBreedingReportInput = z.input<typeof fileBreedingReportSchema>;

/** `PUT admin/breeding-reports/:id/review`. */
export const reviewBreedingReportSchema = z.object({
  version: reviewedVersionSchema.optional(),
});
export type ReviewBreedingReportInput = z.infer<typeof reviewBreedingReportSchema>;

/** `GET/PUT admin/settings/breeding-reports`: when a season's reports close. */
export const breedingReportSettingsSchema = z.object({
  deadlineMonth: z.number().int().min(1).max(12),
  deadlineDay: z.number().int().min(1).max(31),
  /** 0: the deadline falls in the season's year; 1: in the following year. */
  deadlineYearOffset: z.union([z.literal(0), z.literal(1)]),
});
export type BreedingReportSettings = z.infer<typeof breedingReportSettingsSchema>;

export const DEFAULT_BREEDING_REPORT_SETTINGS: BreedingReportSettings = {
  deadlineMonth: 11,
  deadlineDay: 30,
  deadlineYearOffset: 0,
};

const horseRefSchema = z.object({
  horseId: z.string(),
  name: z.string(),
  registrationNumber: z.string(),
});
export type BreedingHorseRef = z.infer<typeof horseRefSchema>;

export const breedingMareSchema = z.object({
  id: z.string(),
  mareHorseId: z.string().nullable(),
  mareRegistrationNumber: z.string(),
  mareName: z.string(),
  mareOwnerName: z.string(),
  breedingDates: z.array(z.string()),
  method: z.enum(BREEDING_METHODS),
  /** Registered foals (any status) linked to this breeding. */
  foals: z.number(),
});
export type BreedingMare = z.infer<typeof breedingMareSchema>;

export const breedingReportSchema = z.object({
  id: z.string(),
  stallion: horseRefSchema,
  ownerName: z.string(),
  season: z.number(),
  version: z.number(),
  status: z.enum(BREEDING_REPORT_STATUSES),
  filedAt: z.string(),
  updatedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedVersion: z.number().nullable(),
  /** The last day the report can be filed or amended (ISO date, end of day UTC). */
  deadline: z.string(),
  open: z.boolean(),
  mares: z.array(breedingMareSchema),
});
export type BreedingReport = z.infer<typeof breedingReportSchema>;

/** What `GET horses/:id/breeding-reports` answers: the stallion's seasons. */
export const stallionBreedingReportsSchema = z.object({
  stallion: horseRefSchema,
  /** The seasons that can be filed now (the current one, and the last while it is open). */
  openSeasons: z.array(z.object({ season: z.number(), deadline: z.string() })),
  reports: z.array(breedingReportSchema),
});
export type StallionBreedingReports = z.infer<typeof stallionBreedingReportsSchema>;

/** One version of a report as filed, for the office's history. */
export const breedingReportVersionSchema = z.object({
  version: z.number(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  mares: z.number(),
});

export const adminBreedingReportSchema = breedingReportSchema.extend({
  history: z.array(breedingReportVersionSchema),
});
export type AdminBreedingReport = z.infer<typeof adminBreedingReportSchema>;

/** A report in the office's list: its heading fields, and how many mares it names. */
export const breedingReportSummarySchema = breedingReportSchema
  .pick({
    id: true,
    stallion: true,
    ownerName: true,
    season: true,
    version: true,
    status: true,
    updatedAt: true,
  })
  .extend({ mares: z.number() });
export type BreedingReportSummary = z.infer<typeof breedingReportSummarySchema>;

/** `GET admin/breeding-reports`. */
export const breedingReportListQuerySchema = z.object({
  season: z.coerce.number().int().min(1900).max(3000).optional(),
  /** Part of the stallion's name or registration number. */
  stallion: z.string().trim().max(100).optional(),
  status: z.enum(BREEDING_REPORT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type BreedingReportListQuery = z.input<typeof breedingReportListQuerySchema>;

/** `GET breedings/fits`: the foal's sire and dam as the form has them, and its foal date. */
export const breedingFitsQuerySchema = z.object({
  sireRegistrationNumber: z.string().trim().max(40).optional(),
  sireName: z.string().trim().max(SHORT_TEXT_MAX).optional(),
  damRegistrationNumber: z.string().trim().max(40).optional(),
  damName: z.string().trim().max(SHORT_TEXT_MAX).optional(),
  foalDate: isoDate,
});
export type BreedingFitsQuery = z.input<typeof breedingFitsQuerySchema>;

/** One reported breeding a foal fits. */
export const breedingFitSchema = z.object({
  /** The report line's id: what the registration sends as `breedingMareId`. */
  breedingMareId: z.string(),
  reportId: z.string(),
  season: z.number(),
  stallion: horseRefSchema,
  /** The registered mare, when the report named her by number. */
  mare: horseRefSchema.nullable(),
  mareName: z.string(),
  mareOwnerName: z.string(),
  breedingDates: z.array(z.string()),
  method: z.enum(BREEDING_METHODS),
  /** Days from the nearest fitting breeding date to the foal date. */
  gestationDays: z.number(),
});
export type BreedingFit = z.infer<typeof breedingFitSchema>;

/** What the office sees of a registration's breeding (approval screen, office list). */
export const horseBreedingSchema = z.object({
  /** The report line the foal is linked to, if any. */
  linked: breedingFitSchema.omit({ gestationDays: true }).nullable(),
  /** Decided by the server at registration and at each edit: no report names sire and dam. */
  noBreedingReport: z.boolean(),
});
export type HorseBreeding = z.infer<typeof horseBreedingSchema>;
