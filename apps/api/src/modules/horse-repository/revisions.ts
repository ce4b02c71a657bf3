import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FieldChange } from '@registry/domain';
import type { Executor, Tx } from '../../db/client.js';
import {
  horseFiles,
  horseRevisions,
  horses,
  type HorseRevisionSnapshot,
  type HorseRow,
} from '../../db/schema.js';
import { ownerSummaries } from './owners.js';
import { diffRecords, recordValuesOf } from './record-values.js';

/*
 * A horse's revisions (docs/api.md "Approvals"): every change of what the office reviews raises
 * `horses.version` and keeps a snapshot, so a decision made on an older revision is refused
 * with the list of what changed since.
 */

/** A snapshot without its files: what the row itself says. */
function rowPartOf(row: HorseRow): Omit<HorseRevisionSnapshot, 'files'> {
  return {
    record: recordValuesOf(row),
    names: [row.firstChoice, row.secondChoice, row.thirdChoice],
    ownerId: row.ownerId,
    parents: { sireHorseId: row.sireHorseId, damHorseId: row.damHorseId },
  };
}

async function snapshotOf(db: Executor, row: HorseRow): Promise<HorseRevisionSnapshot> {
  const files = await db
    .select({
      kind: horseFiles.kind,
      slot: horseFiles.slot,
      name: horseFiles.originalName,
      sha256: horseFiles.sha256,
    })
    .from(horseFiles)
    .where(eq(horseFiles.horseId, row.id))
    .orderBy(asc(horseFiles.kind), asc(horseFiles.slot));
  return { ...rowPartOf(row), files };
}

/**
 * The same snapshot as snapshotOf, made by the statement that stores it: the row's part as a
 * parameter, the files read in the same statement in the same order, so keeping a revision is
 * one round trip (issue 30). jsonb keeps no key order, so both store the same value.
 */
function snapshotSql(row: HorseRow): SQL {
  return sql`${JSON.stringify(rowPartOf(row))}::jsonb || jsonb_build_object('files', coalesce((
    select jsonb_agg(jsonb_build_object(
      'kind', ${horseFiles.kind}, 'slot', ${horseFiles.slot},
      'name', ${horseFiles.originalName}, 'sha256', ${horseFiles.sha256}
    ) order by ${horseFiles.kind}, ${horseFiles.slot})
    from ${horseFiles} where ${horseFiles.horseId} = ${row.id}
  ), '[]'::jsonb))`;
}

/** Keeps the revision a new horse starts at (inside its registration's transaction). */
export async function recordFirstRevision(tx: Tx, row: HorseRow, actorId: string): Promise<void> {
  await tx
    .insert(horseRevisions)
    .values({ horseId: row.id, version: row.version, snapshot: snapshotSql(row), actorId })
    .onConflictDoNothing();
}

/**
 * Raises the horse's version after a change written in `tx` (record, files, names, owner,
 * decision) and keeps the new revision. Call it last, once the change's rows are written.
 */
export async function recordRevision(tx: Tx, horseId: string, actorId: string): Promise<HorseRow> {
  const [row] = await tx
    .update(horses)
    .set({ version: sql`${horses.version} + 1` })
    .where(eq(horses.id, horseId))
    .returning();
  if (!row) throw new Error(`horse ${horseId} vanished during its change`);
  await tx
    .insert(horseRevisions)
    .values({ horseId, version: row.version, snapshot: snapshotSql(row), actorId })
    .onConflictDoNothing();
  return row;
}

const NAME_FIELDS = ['firstChoice', 'secondChoice', 'thirdChoice'] as const;

function fileLabel(file: HorseRevisionSnapshot['files'][number]): string {
  return file.slot ? `files.${file.kind}.${file.slot}` : `files.${file.kind}`;
}

/**
 * What differs between two revisions, as the change requests list it (field, from, to);
 * `personOf` names an owner of record by id.
 */
export function diffSnapshots(
  from: HorseRevisionSnapshot,
  to: HorseRevisionSnapshot,
  personOf: (id: string) => string = (id) => id,
  horseOf: (id: string) => string = (id) => id,
): FieldChange[] {
  const changes: FieldChange[] = [];
  NAME_FIELDS.forEach((field, i) => {
    const a = from.names[i] ?? '';
    const b = to.names[i] ?? '';
    if (a !== b) changes.push({ field, from: a, to: b });
  });
  if (from.ownerId !== to.ownerId) {
    changes.push({
      field: 'ownerOfRecord',
      from: personOf(from.ownerId),
      to: personOf(to.ownerId),
    });
  }
  changes.push(...diffRecords(from.record, to.record));
  // Revisions kept before the links existed say nothing of them: no change to report.
  if (from.parents && to.parents) {
    for (const key of ['sireHorseId', 'damHorseId'] as const) {
      const a = from.parents[key] ?? '';
      const b = to.parents[key] ?? '';
      if (a !== b) changes.push({ field: key, from: horseOf(a), to: horseOf(b) });
    }
  }
  const before = new Map(from.files.map((f) => [fileLabel(f), f]));
  const after = new Map(to.files.map((f) => [fileLabel(f), f]));
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(key);
    const b = after.get(key);
    if (a?.sha256 === b?.sha256) continue;
    changes.push({ field: key, from: a?.name ?? '', to: b?.name ?? '' });
  }
  return changes;
}

/**
 * What changed on a horse since the revision `version`: empty when that revision was not kept
 * (a horse registered before revisions were kept, or a version the horse never had).
 */
export async function changesSince(
  db: Executor,
  row: HorseRow,
  version: number,
): Promise<FieldChange[]> {
  const [reviewed] = await db
    .select({ snapshot: horseRevisions.snapshot })
    .from(horseRevisions)
    .where(and(eq(horseRevisions.horseId, row.id), eq(horseRevisions.version, version)));
  if (!reviewed) return [];
  const now = await snapshotOf(db, row);
  const people = await ownerSummaries(db, [reviewed.snapshot.ownerId, now.ownerId]);
  const parentIds = [reviewed.snapshot.parents, now.parents].flatMap((p) =>
    p ? [p.sireHorseId, p.damHorseId].filter((id): id is string => !!id) : [],
  );
  // A linked parent is named by its number and name, not its id.
  const parents = new Map(
    parentIds.length === 0
      ? []
      : (
          await db
            .select({
              id: horses.id,
              number: horses.registrationNumber,
              name: horses.approvedName,
            })
            .from(horses)
            .where(inArray(horses.id, parentIds))
        ).map((h) => [h.id, [h.number, h.name].filter(Boolean).join(' ')]),
  );
  return diffSnapshots(
    reviewed.snapshot,
    now,
    (id) => {
      const person = people.get(id);
      return person ? [person.name, person.memberNumber].filter(Boolean).join(', ') : id;
    },
    (id) => parents.get(id) ?? id,
  );
}
