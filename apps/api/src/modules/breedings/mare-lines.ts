import { inArray } from 'drizzle-orm';
import {
  BREEDING_MESSAGES,
  normalizeRegistrationNumber,
  type BreedingMethod,
  type FileBreedingReportInput,
} from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { horses } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { todayUtc } from './deadline.js';

/** A report line after the server's checks, ready to store. */
export interface CheckedLine {
  id?: string;
  mareHorseId: string | null;
  mareName: string;
  mareOwnerName: string;
  breedingDates: string[];
  method: BreedingMethod;
}

type InputLine = FileBreedingReportInput['mares'][number] & {
  mareRegistrationNumber: string;
  mareName: string;
  mareOwnerName: string;
};

/**
 * Names compare ignoring case and spaces ("Dixie  belle" is "DixieBelle"), as approved names are
 * unique (db/schema.ts `horses_approved_name_unique_idx`, `nameSearchKey`).
 */
export const nameKey = (name: string) => name.replace(/\s+/g, '').toLowerCase();

/**
 * Checks each line (docs/api.md "Breeding reports"): a number must be an approved mare of the
 * register (her approved name and owner of record are then stored, whatever was typed), dates
 * fall in the season and not after today, and a mare is listed once. Problems come back as one
 * 400 with a field per line (`mares.2.mareRegistrationNumber`).
 */
export async function checkLines(
  db: Executor,
  season: number,
  lines: InputLine[],
  ownerNameOf: (ownerId: string) => Promise<string>,
): Promise<CheckedLine[]> {
  const fields: Record<string, string> = {};
  const numbers = lines.map((line) => normalizeRegistrationNumber(line.mareRegistrationNumber));
  const wanted = [...new Set(numbers.filter(Boolean))];
  const found = wanted.length
    ? await db
        .select({
          id: horses.id,
          number: horses.registrationNumber,
          name: horses.approvedName,
          status: horses.approvalStatus,
          sex: horses.sex,
          ownerId: horses.ownerId,
        })
        .from(horses)
        .where(inArray(horses.registrationNumber, wanted))
    : [];
  const byNumber = new Map(found.map((row) => [row.number ?? '', row]));
  const today = todayUtc();
  const seen = new Set<string>();
  const checked: CheckedLine[] = [];
  for (const [i, line] of lines.entries()) {
    const at = (field: string) => `mares.${i}.${field}`;
    let mareHorseId: string | null = null;
    let mareName = line.mareName;
    let mareOwnerName = line.mareOwnerName;
    const number = numbers[i] ?? '';
    if (number) {
      const mare = byNumber.get(number);
      const problem = !mare
        ? BREEDING_MESSAGES.mareNotRegistered
        : mare.status !== 'approved'
          ? BREEDING_MESSAGES.mareNotApproved
          : mare.sex !== 'Mare'
            ? BREEDING_MESSAGES.mareNotMare
            : null;
      if (problem || !mare) {
        fields[at('mareRegistrationNumber')] = problem ?? BREEDING_MESSAGES.mareNotRegistered;
        continue;
      }
      mareHorseId = mare.id;
      mareName = mare.name ?? line.mareName;
      mareOwnerName = await ownerNameOf(mare.ownerId);
    }
    const key = mareHorseId ?? `name:${nameKey(mareName)}|${nameKey(mareOwnerName)}`;
    if (seen.has(key)) {
      fields[at(number ? 'mareRegistrationNumber' : 'mareName')] = BREEDING_MESSAGES.duplicateMare;
    }
    seen.add(key);
    const dates = [...new Set(line.breedingDates)].sort();
    for (const date of dates) {
      if (!date.startsWith(`${season}-`)) {
        fields[at('breedingDates')] = BREEDING_MESSAGES.dateOutsideSeason(season);
      } else if (date > today) {
        fields[at('breedingDates')] = BREEDING_MESSAGES.dateInFuture;
      }
    }
    checked.push({
      ...(line.id ? { id: line.id } : {}),
      mareHorseId,
      mareName,
      mareOwnerName,
      breedingDates: dates,
      method: line.method,
    });
  }
  const first = Object.values(fields)[0];
  if (first) throw new HttpError(400, first, fields);
  return checked;
}
