import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  LINEAGE_MESSAGES,
  normalizeRegistrationNumber,
  PARENT_SEXES,
  type ParentLinkResult,
  type ParentLinks,
  type ParentSide,
  type RegisteredHorseRef,
} from '@registry/domain';
import type { Db, Tx } from '../../db/client.js';
import { lockFor } from '../../db/advisory-lock.js';
import { horses } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { changedSinceReviewed } from '../../reviewed-version.js';
import { recordAudit } from '../audit/index.js';
import { loadHorse, changesSince, recordRevision } from '../horse-repository/index.js';
import type { Actor } from './service.js';

/*
 * The office links a horse's sire or dam to its registered record (docs/api.md "Offspring and
 * pedigrees"). The link is part of what the office reviews: it raises the horse's version and
 * is written to its history with who made it; a link made on an older version is refused.
 */

const refused = (message: string) => new HttpError(400, message, { registrationNumber: message });

/** Whether `horseId` is `parentId` or one of its ancestors through the links (loops included). */
async function isAncestorOrSelf(tx: Tx, parentId: string, horseId: string): Promise<boolean> {
  // UNION (not UNION ALL) keeps each horse once, so the walk ends even on a loop already stored.
  // Both drivers (pg and PGlite) answer `execute` with the result's `rows`.
  const result = (await tx.execute(sql`
    with recursive line(id) as (
      select ${parentId}::uuid
      union
      select parent.id
        from line
        join ${horses} as child on child.id = line.id
        cross join lateral (values (child.sire_horse_id), (child.dam_horse_id)) as parent(id)
       where parent.id is not null
    )
    select 1 as found from line where id = ${horseId}::uuid limit 1`)) as unknown as {
    rows: unknown[];
  };
  return result.rows.length > 0;
}

async function refOf(tx: Tx, id: string | null): Promise<RegisteredHorseRef | null> {
  if (!id) return null;
  const [row] = await tx
    .select({ id: horses.id, name: horses.approvedName, number: horses.registrationNumber })
    .from(horses)
    .where(eq(horses.id, id));
  return row
    ? { horseId: row.id, name: row.name ?? '', registrationNumber: row.number ?? '' }
    : null;
}

/**
 * Links (a registration number) or unlinks (null) the horse's registered sire or dam, decided
 * on `version`. The parent must be an approved horse of the right sex that does not descend
 * from the horse.
 */
export async function setParentLink(
  db: Db,
  horseId: string,
  side: ParentSide,
  input: { registrationNumber: string | null; version: number },
  actor: Actor,
): Promise<ParentLinkResult> {
  return db.transaction(async (tx) => {
    // One link change at a time across servers: two links made at once could otherwise each
    // pass the loop check and together close a loop.
    await lockFor(tx, 'horse-parent-links');
    const row = await loadHorse(tx, horseId, { lock: true });
    if (row.version !== input.version) {
      throw changedSinceReviewed(
        ADMIN_MESSAGES.changedSinceReviewed,
        row.version,
        await changesSince(tx, row, input.version),
      );
    }
    const current = side === 'sire' ? row.sireHorseId : row.damHorseId;
    let parentId: string | null = null;
    const number = normalizeRegistrationNumber(input.registrationNumber ?? '');
    if (number) {
      const [parent] = await tx
        .select({ id: horses.id, sex: horses.sex })
        .from(horses)
        .where(and(eq(horses.registrationNumber, number), eq(horses.approvalStatus, 'approved')));
      if (!parent) throw refused(LINEAGE_MESSAGES.parentNotRegistered);
      if (parent.id === horseId) throw refused(LINEAGE_MESSAGES.self);
      if (!(PARENT_SEXES[side] as readonly string[]).includes(parent.sex)) {
        throw refused(side === 'sire' ? LINEAGE_MESSAGES.sireSex : LINEAGE_MESSAGES.damSex);
      }
      if (await isAncestorOrSelf(tx, parent.id, horseId)) throw refused(LINEAGE_MESSAGES.cycle);
      parentId = parent.id;
    }
    if (parentId === current) {
      return { version: row.version, side, parent: await refOf(tx, parentId) };
    }
    await tx
      .update(horses)
      .set({
        ...(side === 'sire' ? { sireHorseId: parentId } : { damHorseId: parentId }),
        updatedAt: new Date(),
      })
      .where(eq(horses.id, horseId));
    const updated = await recordRevision(tx, horseId, actor.userId);
    const [from, to] = await Promise.all([refOf(tx, current), refOf(tx, parentId)]);
    await recordAudit(tx, {
      action: parentId ? 'horse.parent-link' : 'horse.parent-unlink',
      success: true,
      actorId: actor.userId,
      subject: horseId,
      ip: actor.ip,
      details: { side, from, to, version: updated.version },
    });
    return { version: updated.version, side, parent: to };
  });
}

/** The horse's linked sire and dam as the office sees them (any status), with its version. */
export async function parentLinksOf(db: Db, horseId: string): Promise<ParentLinks> {
  const row = await loadHorse(db, horseId);
  const ids = [row.sireHorseId, row.damHorseId].filter((id): id is string => id !== null);
  const parents =
    ids.length === 0
      ? []
      : await db
          .select({ id: horses.id, name: horses.approvedName, number: horses.registrationNumber })
          .from(horses)
          .where(inArray(horses.id, ids));
  const ref = (id: string | null): RegisteredHorseRef | null => {
    const parent = parents.find((p) => p.id === id);
    return parent
      ? { horseId: parent.id, name: parent.name ?? '', registrationNumber: parent.number ?? '' }
      : null;
  };
  return { version: row.version, sire: ref(row.sireHorseId), dam: ref(row.damHorseId) };
}
