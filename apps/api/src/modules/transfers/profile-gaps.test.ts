import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TRANSFER_MESSAGES } from '@registry/domain';
import { auditLog, users } from '../../db/schema.js';
import { ADMIN, MEMBER_A, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';
import { registerThroughApi } from '../../test/admin-fixtures.js';
import { asReviewed } from '../../test/reviewed.js';

let t: TestApp;
let admin: string;
let memberA: string;
let bare: string;
let partial: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, memberA] = await Promise.all([login(t.app, ADMIN, 'admin'), login(t.app, MEMBER_A)]);
  const inserted = await t.database.db
    .insert(users)
    .values([
      {
        email: 'bare@gaps.test',
        role: 'member',
        firstName: 'Bo',
        lastName: 'Bare',
        memberNumber: 'G-1',
      },
      {
        email: 'partial@gaps.test',
        role: 'member',
        firstName: 'Pat',
        lastName: 'Part',
        memberNumber: 'G-2',
        city: 'Franklin',
      },
    ])
    .returning();
  [bare, partial] = inserted.map((row) => row.id) as [string, string];
});
afterAll(() => t.close());

const transfer = async (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/transfer-horse-ownership',
    headers: bearer(admin),
    payload: await asReviewed(t.database.db, '/api/admin/transfer-horse-ownership', payload),
  });

const ownersOf = async (horseId: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/admin/horses/${horseId}`,
      headers: bearer(admin),
    })
  ).json().data.owners as Array<Record<string, string>>;

describe('a transfer completes the gaps of the new owner’s profile', () => {
  it('fills the owner row and the profile’s empty fields from the dialog, keeping the rest', async () => {
    const horse = await registerThroughApi(t.app, t.database.db, memberA);
    const response = await transfer({
      horseId: horse.id,
      newOwnerId: partial,
      // The city is on the profile already: the dialog's value does not replace it.
      newOwnerAddress: {
        address: '4 Office Lane',
        city: 'Elsewhere',
        state: 'Tennessee',
        zip: '37064',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(await ownersOf(horse.id)).toEqual([
      expect.objectContaining({
        name: 'Pat Part',
        address: '4 Office Lane',
        city: 'Franklin',
        state: 'Tennessee',
        zip: '37064',
      }),
    ]);
    const [profile] = await t.database.db.select().from(users).where(eq(users.id, partial));
    expect(profile).toMatchObject({ address: '4 Office Lane', city: 'Franklin', zip: '37064' });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, partial), eq(auditLog.action, 'member.edit')));
    expect(audits.at(-1)?.details).toEqual({
      fields: ['address', 'state', 'zip'],
      via: 'transfer',
    });
  });

  it('still transfers without them, leaving the blanks for the next edit', async () => {
    const horse = await registerThroughApi(t.app, t.database.db, memberA);
    expect((await transfer({ horseId: horse.id, newOwnerId: bare })).statusCode).toBe(200);
    expect((await ownersOf(horse.id))[0]).toMatchObject({ name: 'Bo Bare', address: '', zip: '' });
  });

  it('refuses a bad zip or state, and a co-owner address without a member co-owner, saving nothing', async () => {
    const horse = await registerThroughApi(t.app, t.database.db, memberA);
    const badZip = await transfer({
      horseId: horse.id,
      newOwnerId: bare,
      newOwnerAddress: { zip: '12' },
    });
    expect(badZip.statusCode).toBe(400);
    const badState = await transfer({
      horseId: horse.id,
      newOwnerId: bare,
      newOwnerAddress: { state: 'Atlantis' },
    });
    expect(badState.statusCode).toBe(400);
    const stray = await transfer({
      horseId: horse.id,
      newOwnerId: bare,
      coOwnerAddress: { address: '1 Road' },
    });
    expect(stray.statusCode).toBe(400);
    expect(JSON.stringify(stray.json())).toContain(TRANSFER_MESSAGES.coOwnerAddressOnlyMember);
    const [profile] = await t.database.db.select().from(users).where(eq(users.id, bare));
    expect(profile?.zip).toBeNull();
    expect(profile?.address).toBeNull();
  });
});
