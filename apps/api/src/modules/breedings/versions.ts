import { and, eq, inArray } from 'drizzle-orm';
import { BREEDING_METHOD_LABELS, type BreedingMethod, type FieldChange } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { breedingReportVersions, type BreedingReportLineSnapshot } from '../../db/schema.js';

/** One line as the office reads it in a list of changes. */
function describe(line: BreedingReportLineSnapshot): string {
  const mare = line.mareOwnerName ? `${line.mareName} (${line.mareOwnerName})` : line.mareName;
  const method = BREEDING_METHOD_LABELS[line.method as BreedingMethod] ?? line.method;
  return `${mare}: ${line.breedingDates.join(', ')}, ${method}`;
}

/** What differs between two filed versions: lines added, removed or changed, by mare. */
export function diffLines(
  from: BreedingReportLineSnapshot[],
  to: BreedingReportLineSnapshot[],
): FieldChange[] {
  const before = new Map(from.map((line) => [line.id, line]));
  const after = new Map(to.map((line) => [line.id, line]));
  const changes: FieldChange[] = [];
  for (const line of to) {
    const old = before.get(line.id);
    const now = describe(line);
    const was = old ? describe(old) : '';
    if (was !== now) changes.push({ field: `mares.${line.mareName}`, from: was, to: now });
  }
  for (const line of from) {
    if (!after.has(line.id)) {
      changes.push({ field: `mares.${line.mareName}`, from: describe(line), to: '' });
    }
  }
  return changes;
}

/** The changes between two kept versions of a report ([] when one is not kept). */
export async function diffVersions(
  db: Executor,
  reportId: string,
  fromVersion: number,
  toVersion: number,
): Promise<FieldChange[]> {
  const rows = await db
    .select({ version: breedingReportVersions.version, mares: breedingReportVersions.mares })
    .from(breedingReportVersions)
    .where(
      and(
        eq(breedingReportVersions.reportId, reportId),
        inArray(breedingReportVersions.version, [fromVersion, toVersion]),
      ),
    );
  const from = rows.find((row) => row.version === fromVersion);
  const to = rows.find((row) => row.version === toVersion);
  return from && to ? diffLines(from.mares, to.mares) : [];
}
