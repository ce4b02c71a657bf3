import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REGISTER_RULE_MESSAGES, horseNameKey } from '@registry/domain';
import { horses, type HorseRow } from '../../db/schema.js';
import { ADMIN, MEMBER_A, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';
import { cloneHorses, registerThroughApi } from '../../test/admin-fixtures.js';
import { horseVersion } from '../../test/reviewed.js';

let t: TestApp;
let admin: string;
let member: string;
let template: HorseRow;
beforeAll(async () => {
  t = await createTestApp();
  [admin, member] = await Promise.all([login(t.app, ADMIN, 'admin'), login(t.app, MEMBER_A)]);
  template = await registerThroughApi(t.app, t.database.db, member);
});
afterAll(() => t.close());

const pendingHorse = async (first: string, second: string, third: string) => {
  const [row] = await cloneHorses(t.database.db, template, 1, {
    paymentStatus: 'paid',
    firstChoice: first,
    secondChoice: second,
    thirdChoice: third,
  });
  if (!row) throw new Error('no row');
  return row;
};

const approve = async (id: string, approvedName?: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/approve-horse/${id}`,
    headers: bearer(admin),
    payload: {
      action: 'approve',
      version: await horseVersion(t.database.db, id),
      ...(approvedName ? { approvedName } : {}),
    },
  });

const availability = (query: string, token = member) =>
  t.app.inject({
    method: 'GET',
    url: `/api/horse-names/availability?${query}`,
    headers: bearer(token),
  });

describe('horseNameKey', () => {
  it('ignores case and every kind of whitespace', () => {
    expect(horseNameKey(' Easy  Rack ')).toBe('easyrack');
    expect(horseNameKey('EASY\tRACK')).toBe(horseNameKey('easyrack'));
    expect(horseNameKey('Easy Rack II')).not.toBe(horseNameKey('Easy Rack'));
  });
});

describe('approved names are unique in the register', () => {
  let first: HorseRow;
  beforeAll(async () => {
    first = await pendingHorse('Easy Rack', 'Easy Rack Two', 'Easy Rack Three');
    expect((await approve(first.id)).json().data.approvedName).toBe('Easy Rack');
  });

  it('GET horse-names/availability says which choices are taken, ignoring case and spaces', async () => {
    const response = await availability('names=easy%20%20RACK&names=EasyRack%20Two&names=Prairie');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([
      { name: 'easy  RACK', taken: true },
      { name: 'EasyRack Two', taken: false },
      { name: 'Prairie', taken: false },
    ]);
    // A horse never blocks its own name (the approval dialog of that horse, its edit form).
    const own = await availability(`names=Easy%20Rack&horseId=${first.id}`, admin);
    expect(own.json().data).toEqual([{ name: 'Easy Rack', taken: false }]);
  });

  it('refuses bad lookups with 400 and anonymous ones with 401', async () => {
    expect((await availability('names=a&names=b&names=c&names=d')).statusCode).toBe(400);
    expect((await availability('names=%20')).statusCode).toBe(400);
    expect((await availability('')).statusCode).toBe(400);
    expect((await availability('names=a&horseId=nope')).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/horse-names/availability?names=a',
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().success).toBe(false);
  });

  it('an approval without a chosen name takes the first free choice', async () => {
    const row = await pendingHorse('EASY RACK', 'Silver Lining', 'Night Walker');
    const response = await approve(row.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.approvedName).toBe('Silver Lining');
  });

  it('a taken choice is 409 with the field named; all three taken is 409 too', async () => {
    const row = await pendingHorse('easyrack', 'Silver  lining', 'Free Spirit');
    const taken = await approve(row.id, 'easyrack');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      success: false,
      fields: { approvedName: REGISTER_RULE_MESSAGES.approvedNameTaken },
    });
    const [still] = await t.database.db.select().from(horses).where(eq(horses.id, row.id));
    expect(still?.approvalStatus).toBe('pending');

    const none = await pendingHorse('Easy Rack', 'silver lining', 'EasyRack Two');
    await approve((await pendingHorse('Easy Rack Two', 'x1', 'x2')).id);
    const refused = await approve(none.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(REGISTER_RULE_MESSAGES.allNamesTaken);
  });

  it('two approvals of the same name at once: one 200, one clean 409', async () => {
    const [a, b] = await Promise.all([
      pendingHorse('Dual Star', 'Dual Star A', 'Dual Star B'),
      pendingHorse('dual star', 'Dual Star C', 'Dual Star D'),
    ]);
    const responses = await Promise.all([approve(a!.id, 'Dual Star'), approve(b!.id, 'dual star')]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = responses.find((r) => r.statusCode === 409)!;
    expect(loser.json().success).toBe(false);
    expect(loser.json().fields.approvedName).toBeDefined();
  });

  it('the database itself refuses a second approved holder of a name', async () => {
    const row = await pendingHorse('Lone Ranger', 'Lone Ranger 2', 'Lone Ranger 3');
    await expect(
      t.database.db
        .update(horses)
        .set({ approvalStatus: 'approved', approvedName: 'EASY rack' })
        .where(eq(horses.id, row.id)),
    ).rejects.toThrow();
    // A horse marked by migration 0007 as approved before the rule keeps its duplicate name.
    await t.database.db
      .update(horses)
      .set({ approvalStatus: 'approved', approvedName: 'EASY rack', legacyDuplicateName: true })
      .where(eq(horses.id, row.id));
    // Pending and rejected horses may propose any name.
    await pendingHorse('Easy Rack', 'Easy Rack', 'Easy Rack');
  });
});
