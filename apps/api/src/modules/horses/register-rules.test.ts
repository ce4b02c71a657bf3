import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { REGISTER_RULE_MESSAGES } from '@registry/domain';
import { horses, payments, users } from '../../db/schema.js';
import {
  ADMIN,
  MEMBER_A,
  MEMBER_B,
  bearer,
  createTestApp,
  login,
  type TestApp,
} from '../../test/harness.js';
import { registerThroughApi, userId } from '../../test/admin-fixtures.js';
import {
  REGISTER,
  editOf,
  sendForm,
  validFiles,
  validEditValues,
  validValues,
} from '../../test/multipart.js';

/*
 * The register's rules checked at save (docs/api.md "Horse names", "Owners and member
 * numbers"): a name choice an approved horse carries, repeated choices, and owners whose member
 * number and name do not go together are a 400 on the field, before anything is stored or paid.
 */

let t: TestApp;
let admin: string;
let member: string;
let memberB: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, member, memberB] = await Promise.all([
    login(t.app, ADMIN, 'admin'),
    login(t.app, MEMBER_A),
    login(t.app, MEMBER_B),
  ]);
  // "Copper Rack" is in the register (approved), as in the office's tryout.
  const approved = await registerThroughApi(t.app, t.database.db, memberB, {
    firstChoice: 'Copper Rack',
    secondChoice: 'Copper Rack Two',
    thirdChoice: 'Copper Rack Three',
  });
  await t.database.db
    .update(horses)
    .set({ approvalStatus: 'approved', approvedName: 'Copper Rack', paymentStatus: 'paid' })
    .where(eq(horses.id, approved.id));
});
afterAll(() => t.close());

/** The demo members (modules/accounts/bootstrap.ts): M-0001 Avery Walker, M-0002 Jordan Reed. */
const owner = (extra: Record<string, unknown> = {}) => ({
  memberNum: 'M-0001',
  name: 'Avery Walker',
  address: '1 Barn Road',
  city: 'Lexington',
  state: 'Kentucky',
  zip: '40502',
  ...extra,
});
const jointWith = (second: Record<string, unknown>) => ({
  ownerType: 'Joint',
  owners: JSON.stringify([owner(), owner(second)]),
});

let named = 0;
/** Three fresh choices, so one registration's names never clash with another's. */
const freshNames = () => {
  named += 1;
  return {
    firstChoice: `Fresh Walker ${named}`,
    secondChoice: `Fresh Racker ${named}`,
    thirdChoice: `Fresh Pacer ${named}`,
  };
};

const register = (values: Record<string, string>, token = member) =>
  sendForm(t.app, token, REGISTER, { ...validValues(), ...freshNames(), ...values }, validFiles());

const counts = async () => ({
  horses: (await t.database.db.select({ id: horses.id }).from(horses)).length,
  payments: (await t.database.db.select({ id: payments.id }).from(payments)).length,
});

describe('name choices at save', () => {
  it('a choice an approved horse carries, in any case or spacing, is 400 on its field; nothing is stored or charged', async () => {
    const before = await counts();
    const first = await register({ firstChoice: 'copper rack' });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({
      success: false,
      error: REGISTER_RULE_MESSAGES.nameChoiceTaken('copper rack'),
      fields: { firstChoice: REGISTER_RULE_MESSAGES.nameChoiceTaken('copper rack') },
    });
    const second = await register({ secondChoice: ' COPPER\tRACK ' });
    expect(second.statusCode).toBe(400);
    expect(second.json().fields).toEqual({
      secondChoice: REGISTER_RULE_MESSAGES.nameChoiceTaken('COPPER\tRACK'),
    });
    const third = await register({ thirdChoice: 'CopperRack' });
    expect(third.json().fields).toEqual({
      thirdChoice: REGISTER_RULE_MESSAGES.nameChoiceTaken('CopperRack'),
    });
    expect(await counts()).toEqual(before);
  });

  it("the office's registration for a member is held to the same rule", async () => {
    const before = await counts();
    const response = await sendForm(
      t.app,
      admin,
      {
        method: 'POST',
        url: `/api/admin/horses?ownerId=${await userId(t.database.db, MEMBER_A.email)}`,
      },
      { ...validValues(), ...freshNames(), thirdChoice: 'COPPER RACK' },
      validFiles(),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.thirdChoice).toBe(
      REGISTER_RULE_MESSAGES.nameChoiceTaken('COPPER RACK'),
    );
    expect(await counts()).toEqual(before);
  });

  it('three choices that are one name (case and spacing ignored) are 400 on the repeat', async () => {
    const before = await counts();
    const response = await register({
      firstChoice: 'Night Owl',
      secondChoice: 'Silver Step',
      thirdChoice: 'night  OWL',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      thirdChoice: REGISTER_RULE_MESSAGES.nameChoiceRepeated('First Choice'),
    });
    expect(await counts()).toEqual(before);
  });

  it('free, different choices are accepted, a longer name containing a taken one too', async () => {
    const response = await register({
      firstChoice: 'Copper Rack Junior',
      secondChoice: 'Copper Racks',
      thirdChoice: 'Night Owl',
    });
    expect(response.statusCode).toBe(201);
  });
});

describe("owners' member numbers and names at save", () => {
  it("a co-owner's number with another person's name is 400 on that owner's number; nothing stored", async () => {
    const before = await counts();
    const response = await register(jointWith({ memberNum: 'M-0002', name: 'Casey Jones' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      'owners.1.memberNum': REGISTER_RULE_MESSAGES.ownerNameMismatch,
    });
    // The first owner too: a member cannot stand in for another name.
    const first = await register({
      owners: JSON.stringify([owner({ name: 'Jordan Reed' })]),
    });
    expect(first.json().fields).toEqual({
      'owners.0.memberNum': REGISTER_RULE_MESSAGES.ownerNameMismatch,
    });
    expect(await counts()).toEqual(before);
  });

  it('an unknown number, or one of a deactivated member, is 400 as unknown', async () => {
    const before = await counts();
    const unknown = await register(jointWith({ memberNum: 'M-9999', name: 'Jordan Reed' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({
      'owners.1.memberNum': REGISTER_RULE_MESSAGES.memberNumberUnknown,
    });
    await t.database.db
      .update(users)
      .set({ active: false })
      .where(eq(users.memberNumber, 'M-0002'));
    try {
      const inactive = await register(jointWith({ memberNum: 'M-0002', name: 'Jordan Reed' }));
      expect(inactive.statusCode).toBe(400);
      expect(inactive.json().fields).toEqual({
        'owners.1.memberNum': REGISTER_RULE_MESSAGES.memberNumberUnknown,
      });
    } finally {
      await t.database.db
        .update(users)
        .set({ active: true })
        .where(eq(users.memberNumber, 'M-0002'));
    }
    expect(await counts()).toEqual(before);
  });

  it("the member's name in another case, spacing, accents or last-name-first is accepted", async () => {
    const response = await register(jointWith({ memberNum: 'm-0002', name: '  reed,  JORDÁN ' }));
    expect(response.statusCode).toBe(201);
    expect(response.json().data.owners[1]).toMatchObject({
      memberNum: 'M-0002',
      name: 'reed,  JORDÁN',
    });
  });

  it("the member's edit and the office's edit are held to the same rule", async () => {
    const horse = await registerThroughApi(t.app, t.database.db, member, freshNames());
    const wrong = validEditValues(jointWith({ memberNum: 'M-0002', name: 'Casey Jones' }));
    const byMember = await sendForm(t.app, member, editOf(horse.id), wrong, []);
    expect(byMember.statusCode).toBe(400);
    expect(byMember.json().fields['owners.1.memberNum']).toBe(
      REGISTER_RULE_MESSAGES.ownerNameMismatch,
    );
    const byOffice = await sendForm(
      t.app,
      admin,
      { method: 'PUT', url: `/api/admin/horses/${horse.id}` },
      wrong,
      [],
    );
    expect(byOffice.statusCode).toBe(400);
    expect(byOffice.json().fields['owners.1.memberNum']).toBe(
      REGISTER_RULE_MESSAGES.ownerNameMismatch,
    );
    const [stored] = await t.database.db.select().from(horses).where(eq(horses.id, horse.id));
    expect(stored?.version).toBe(horse.version);

    const right = validEditValues(jointWith({ memberNum: 'M-0002', name: 'Jordan Reed' }));
    expect((await sendForm(t.app, member, editOf(horse.id), right, [])).statusCode).toBe(200);
  });
});

describe('GET /api/owners/member-check', () => {
  const check = (memberNum: string, name: string, token: string | null = member) =>
    t.app.inject({
      method: 'GET',
      url: `/api/owners/member-check?memberNum=${encodeURIComponent(memberNum)}&name=${encodeURIComponent(name)}`,
      headers: token ? bearer(token) : {},
    });

  it('answers match, no-match or unknown and nothing else about the member', async () => {
    const match = await check('m-0002', 'jordan reed');
    expect(match.statusCode).toBe(200);
    expect(match.json()).toEqual({ success: true, data: { result: 'match' } });
    const noMatch = await check('M-0002', 'Casey Jones');
    expect(noMatch.json()).toEqual({ success: true, data: { result: 'no-match' } });
    // Nothing of the member's record leaks into the answer.
    expect(noMatch.body).not.toMatch(/Jordan|Reed|Shelbyville|example\.org/);
    const unknown = await check('M-9999', 'Jordan Reed');
    expect(unknown.json()).toEqual({ success: true, data: { result: 'unknown' } });
    // The office's form asks too.
    expect((await check('M-0001', 'Avery Walker', admin)).json().data.result).toBe('match');
  });

  it('a deactivated member is unknown', async () => {
    await t.database.db
      .update(users)
      .set({ active: false })
      .where(eq(users.memberNumber, 'M-0002'));
    try {
      expect((await check('M-0002', 'Jordan Reed')).json().data.result).toBe('unknown');
    } finally {
      await t.database.db
        .update(users)
        .set({ active: true })
        .where(eq(users.memberNumber, 'M-0002'));
    }
  });

  it('needs sign-in (401) and both values (400)', async () => {
    const anonymous = await check('M-0002', 'Jordan Reed', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().success).toBe(false);
    expect((await check('', 'Jordan Reed')).statusCode).toBe(400);
    expect((await check('M-0002', ' ')).statusCode).toBe(400);
    expect((await check('M-0002', 'x'.repeat(101))).statusCode).toBe(400);
  });

  it('more than 60 lookups a minute from one account are 429; another account still asks', async () => {
    const answers = [];
    for (let i = 0; i < 61; i += 1)
      answers.push((await check('M-0001', `Name ${i}`, memberB)).statusCode);
    expect(answers.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(answers[60]).toBe(429);
    expect((await check('M-0001', 'Avery Walker', member)).statusCode).toBe(200);
  });
});
