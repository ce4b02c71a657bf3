import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADMIN_MESSAGES, LINEAGE_MESSAGES } from '@registry/domain';
import { auditLog, horses, type HorseRow } from '../../db/schema.js';
import { bearer } from '../../test/harness.js';
import { registerThroughApi, userId } from '../../test/admin-fixtures.js';
import { horseLike } from '../../test/lineage-fixtures.js';
import { horseVersion } from '../../test/reviewed.js';
import { recordFirstRevision } from '../horse-repository/revisions.js';
import { signedInSuite } from '../../test/signed-in-app.js';

const suite = signedInSuite(['admin', 'memberA']);
let template: HorseRow;
let stallion: HorseRow;
let mare: HorseRow;
let foal: HorseRow;

beforeAll(async () => {
  const { t } = suite;
  template = await registerThroughApi(t.app, t.database.db, suite.memberA);
  const like = (spec: Parameters<typeof horseLike>[2]) => horseLike(t.database.db, template, spec);
  stallion = await like({ name: 'Link Stallion', number: 'LNK-S' });
  mare = await like({ name: 'Link Mare', number: 'LNK-M', sex: 'Mare' });
  // Pending: the office links parents while it reviews a registration too.
  foal = await like({ name: 'Link Foal', number: 'LNK-F', status: 'pending', sex: 'Gelding' });
  await like({ name: 'Link Pending', number: 'LNK-P', status: 'pending' });
  const admin = await userId(t.database.db, 'admin@test.org');
  // The revision the office reviews, as a registration keeps it (fixtures are rows only).
  await t.database.db.transaction((tx) => recordFirstRevision(tx, foal, admin));
});

const put = (horseId: string, side: string, body: object, token = suite.admin) =>
  suite.t.app.inject({
    method: 'PUT',
    url: `/api/admin/horses/${horseId}/parents/${side}`,
    headers: bearer(token),
    payload: body,
  });
const version = (horseId: string) => horseVersion(suite.t.database.db, horseId);
const row = async (horseId: string) =>
  (await suite.t.database.db.select().from(horses).where(eq(horses.id, horseId)))[0]!;

describe('PUT admin/horses/:id/parents/:side', () => {
  it('links the sire on the version reviewed, raises the version and writes who did it', async () => {
    const before = await version(foal.id);
    const response = await put(foal.id, 'sire', { registrationNumber: ' lnk-s ', version: before });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      version: before + 1,
      side: 'sire',
      parent: { horseId: stallion.id, registrationNumber: 'LNK-S', name: 'Link Stallion' },
    });
    expect((await row(foal.id)).sireHorseId).toBe(stallion.id);
    const [entry] = await suite.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, foal.id), eq(auditLog.action, 'horse.parent-link')));
    expect(entry?.actorId).toBe(await userId(suite.t.database.db, 'admin@test.org'));
    expect(entry?.details).toMatchObject({
      side: 'sire',
      from: null,
      to: { registrationNumber: 'LNK-S' },
    });
    // The history the office reads names the acting user.
    const history = (
      await suite.t.app.inject({
        method: 'GET',
        url: `/api/admin/horses/${foal.id}`,
        headers: bearer(suite.admin),
      })
    ).json().data.history;
    expect(
      history.find((h: { action: string }) => h.action === 'horse.parent-link').by,
    ).not.toBeNull();
  });

  it('answers the linked parents and the version, for the office', async () => {
    const response = await suite.t.app.inject({
      method: 'GET',
      url: `/api/admin/horses/${foal.id}/parents`,
      headers: bearer(suite.admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      version: await version(foal.id),
      sire: { horseId: stallion.id, registrationNumber: 'LNK-S', name: 'Link Stallion' },
      dam: null,
    });
    const member = await suite.t.app.inject({
      method: 'GET',
      url: `/api/admin/horses/${foal.id}/parents`,
      headers: bearer(suite.memberA),
    });
    expect(member.statusCode).toBe(403);
  });

  it('refuses a decision on an older version with 409 and what changed', async () => {
    const current = await version(foal.id);
    const response = await put(foal.id, 'dam', {
      registrationNumber: 'LNK-M',
      version: current - 1,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(ADMIN_MESSAGES.changedSinceReviewed);
    expect(response.json().conflict.currentVersion).toBe(current);
    expect(response.json().conflict.changes).toContainEqual({
      field: 'sireHorseId',
      from: '',
      to: 'LNK-S Link Stallion',
    });
    expect((await row(foal.id)).damHorseId).toBeNull();
    // No version at all: 428.
    expect((await put(foal.id, 'dam', { registrationNumber: 'LNK-M' })).statusCode).toBe(428);
  });

  it('checks the sex as recorded, the register, and the horse itself', async () => {
    const v = await version(foal.id);
    const cases: Array<[string, string, string]> = [
      ['sire', 'LNK-M', LINEAGE_MESSAGES.sireSex],
      ['dam', 'LNK-S', LINEAGE_MESSAGES.damSex],
      ['dam', 'LNK-P', LINEAGE_MESSAGES.parentNotRegistered],
      ['dam', 'NOPE-1', LINEAGE_MESSAGES.parentNotRegistered],
    ];
    for (const [side, number, message] of cases) {
      const response = await put(foal.id, side, { registrationNumber: number, version: v });
      expect(response.statusCode, `${side} ${number}`).toBe(400);
      expect(response.json().fields.registrationNumber).toBe(message);
    }
    const self = await put(stallion.id, 'sire', {
      registrationNumber: 'LNK-S',
      version: await version(stallion.id),
    });
    expect(self.json().fields.registrationNumber).toBe(LINEAGE_MESSAGES.self);
    expect(await version(foal.id)).toBe(v);
    // The mare fits as dam.
    const dam = await put(foal.id, 'dam', { registrationNumber: 'LNK-M', version: v });
    expect(dam.statusCode).toBe(200);
    expect((await row(foal.id)).damHorseId).toBe(mare.id);
  });

  it('refuses a link that would make the horse its own ancestor', async () => {
    // The foal (a gelding) descends from the stallion: it cannot become the stallion's sire.
    const response = await put(stallion.id, 'sire', {
      registrationNumber: 'LNK-F',
      version: await version(stallion.id),
    });
    // The foal is pending, so it is refused as not registered; approve it and try again.
    expect(response.statusCode).toBe(400);
    await suite.t.database.db
      .update(horses)
      .set({ approvalStatus: 'approved', approvedName: 'Link Foal' })
      .where(eq(horses.id, foal.id));
    const loop = await put(stallion.id, 'sire', {
      registrationNumber: 'LNK-F',
      version: await version(stallion.id),
    });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().fields.registrationNumber).toBe(LINEAGE_MESSAGES.cycle);
    expect((await row(stallion.id)).sireHorseId).toBeNull();
  });

  it('unlinks with null, and is for the office only', async () => {
    const v = await version(foal.id);
    const response = await put(foal.id, 'sire', { registrationNumber: null, version: v });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ version: v + 1, parent: null });
    expect((await row(foal.id)).sireHorseId).toBeNull();
    const member = await put(
      foal.id,
      'sire',
      { registrationNumber: 'LNK-S', version: v + 1 },
      suite.memberA,
    );
    expect(member.statusCode).toBe(403);
    expect(
      (await put(foal.id, 'uncle', { registrationNumber: null, version: v + 1 })).statusCode,
    ).toBe(400);
  });
});
