import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '@registry/domain';
import { mailOutbox, ownershipTransfers } from '../../db/schema.js';
import { ADMIN, MEMBER_A, MEMBER_B, bearer } from '../../test/harness.js';
import { registerThroughApi, userId } from '../../test/admin-fixtures.js';
import { EVERY_ACCOUNT, demoMemberIds, signedInSuite } from '../../test/signed-in-app.js';
import { asReviewed } from '../../test/reviewed.js';

const suite = signedInSuite(EVERY_ACCOUNT);
/** The user ids of demo members A and B. */
let a: string, b: string;
beforeAll(async () => {
  [a, b] = await demoMemberIds(suite.t.database.db);
});

const transfer = async (payload: Record<string, unknown>) =>
  suite.t.app.inject({
    method: 'POST',
    url: '/api/admin/transfer-horse-ownership',
    headers: bearer(suite.admin),
    payload: await asReviewed(suite.t.database.db, '/api/admin/transfer-horse-ownership', payload),
  });

describe('POST /api/admin/transfer-horse-ownership', () => {
  it('moves the horse, keeps the history, emails both owners, shows in the horse history', async () => {
    const horse = await registerThroughApi(suite.t.app, suite.t.database.db, suite.memberA);
    const response = await transfer({
      horseId: horse.id,
      newOwnerId: b,
      note: 'Sold at the fall sale',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      fromOwnerId: a,
      toOwnerId: b,
      note: 'Sold at the fall sale',
    });

    const asB = await suite.t.app.inject({
      method: 'GET',
      url: `/api/members/horses/${horse.id}`,
      headers: bearer(suite.memberB),
    });
    expect(asB.statusCode).toBe(200);
    const asA = await suite.t.app.inject({
      method: 'GET',
      url: `/api/members/horses/${horse.id}`,
      headers: bearer(suite.memberA),
    });
    expect(asA.statusCode).toBe(404);

    const rows = await suite.t.database.db
      .select()
      .from(ownershipTransfers)
      .where(eq(ownershipTransfers.horseId, horse.id));
    expect(rows).toHaveLength(1);
    const mails = await suite.t.database.db.select().from(mailOutbox);
    const about = mails.filter((m) => m.subject.includes(horse.firstChoice));
    expect(about.map((m) => m.to).sort()).toEqual([MEMBER_A.email, MEMBER_B.email].sort());

    const detail = await suite.t.app.inject({
      method: 'GET',
      url: `/api/admin/horses/${horse.id}`,
      headers: bearer(suite.admin),
    });
    const history = detail.json().data.history as Array<{
      type: string;
      by: { email: string } | null;
      details: object;
    }>;
    expect(history.map((h) => h.type)).toEqual(['submitted', 'transferred']);
    expect(history[1]?.by?.email).toBe(ADMIN.email);
    expect(history[1]?.details).toMatchObject({ fromOwnerId: a, toOwnerId: b });

    // And back again: the history keeps both moves.
    expect((await transfer({ horseId: horse.id, newOwnerId: a })).statusCode).toBe(200);
    const again = await suite.t.database.db
      .select()
      .from(ownershipTransfers)
      .where(eq(ownershipTransfers.horseId, horse.id));
    expect(again).toHaveLength(2);
  });

  it('refuses the same owner, an inactive member, an unknown member and an unknown horse', async () => {
    const horse = await registerThroughApi(suite.t.app, suite.t.database.db, suite.memberA);
    const same = await transfer({ horseId: horse.id, newOwnerId: a });
    expect(same.statusCode).toBe(409);
    expect(same.json().error).toBe(ADMIN_MESSAGES.sameOwner);

    await suite.t.app.inject({
      method: 'PUT',
      url: `/api/admin/member/${b}/deactivate`,
      headers: bearer(suite.admin),
    });
    const inactive = await transfer({ horseId: horse.id, newOwnerId: b });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().error).toBe(ADMIN_MESSAGES.newOwnerInactive);
    await suite.t.app.inject({
      method: 'PUT',
      url: `/api/admin/member/${b}/activate`,
      headers: bearer(suite.admin),
    });

    const adminId = await userId(suite.t.database.db, ADMIN.email);
    expect((await transfer({ horseId: horse.id, newOwnerId: adminId })).statusCode).toBe(404);
    expect((await transfer({ horseId: crypto.randomUUID(), newOwnerId: b })).statusCode).toBe(404);
    expect((await transfer({ horseId: 'nope', newOwnerId: b })).statusCode).toBe(400);
  });
});
