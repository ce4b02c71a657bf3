import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GENERIC_MESSAGES, PROFILE_MESSAGES, memberProfileSchema } from '@registry/domain';
import { auditLog, users } from '../../db/schema.js';
import { ADMIN, MEMBER_A, bearer, createTestApp, login, type TestApp } from '../../test/harness.js';
import { signedInMember } from '../../test/profile-fixtures.js';

let t: TestApp;
let admin: string;
let memberA: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await login(t.app, ADMIN, 'admin');
  memberA = await login(t.app, MEMBER_A);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const PROFILE = {
  firstName: 'Ann',
  lastName: 'Lee',
  address: '1 Barn Road',
  city: 'Lexington',
  state: 'KY',
  zip: '40511-1234',
  phone: '(859) 555-0100',
};

describe('who may call the account routes', () => {
  const memberRoutes: Array<['GET' | 'PUT' | 'POST' | 'DELETE', string]> = [
    ['GET', '/api/members/00000000-0000-0000-0000-000000000000'],
    ['PUT', '/api/members/00000000-0000-0000-0000-000000000000'],
    ['PUT', '/api/members/profile'],
    ['PUT', '/api/members/profile/picture'],
    ['DELETE', '/api/members/profile/picture'],
    ['PUT', '/api/members/change-memberPassword'],
    ['POST', '/api/members/sendotp-email'],
    ['POST', '/api/members/verifyOtp-updateEmail'],
  ];
  const adminRoutes: Array<['POST', string]> = [
    ['POST', '/api/admin/sendotp'],
    ['POST', '/api/admin/verifyOtp-updateEmail'],
  ];

  it.each([...memberRoutes, ...adminRoutes])('%s %s needs a sign-in (401)', async (method, url) => {
    const response = await call(method, url, undefined, method === 'GET' ? undefined : {});
    expect(response.statusCode).toBe(401);
    expect(response.json().success).toBe(false);
  });

  it.each(memberRoutes)('%s %s is not for administrators (403)', async (method, url) => {
    const response = await call(method, url, admin, method === 'GET' ? undefined : {});
    expect(response.statusCode).toBe(403);
  });

  it.each(adminRoutes)('%s %s is not for members (403)', async (method, url) => {
    expect((await call(method, url, memberA, {})).statusCode).toBe(403);
  });
});

describe('GET and PUT members/:id', () => {
  it('answers my own profile with every field', async () => {
    const me = await signedInMember(t, 'profile-get');
    const response = await call('GET', `/api/members/${me.id}`, me.token);
    expect(response.statusCode).toBe(200);
    const profile = memberProfileSchema.parse(response.json().data);
    expect(profile).toMatchObject({ id: me.id, email: me.email, role: 'member', firstName: 'Ann' });
    expect(profile.address).toBeNull();
    expect(profile.profilePicture).toBeNull();
  });

  it.each(['other', 'malformed', 'admin'])('answers 404 for an %s id', async (kind) => {
    const me = await signedInMember(t, 'profile-404');
    const other = await signedInMember(t, 'profile-other');
    const [adminRow] = await t.database.db.select().from(users).where(eq(users.email, ADMIN.email));
    const id = kind === 'other' ? other.id : kind === 'admin' ? adminRow!.id : 'not-a-uuid';
    for (const method of ['GET', 'PUT'] as const) {
      const response = await call(
        method,
        `/api/members/${id}`,
        me.token,
        method === 'PUT' ? PROFILE : undefined,
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ success: false, error: GENERIC_MESSAGES.notFound });
    }
    const [untouched] = await t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(untouched?.address).toBeNull();
  });

  it('updates my profile by id and by members/profile; email and member number stay', async () => {
    const me = await signedInMember(t, 'profile-put');
    const [before] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    const byId = await call('PUT', `/api/members/${me.id}`, me.token, {
      ...PROFILE,
      firstName: '  Annie ',
      email: 'taken-over@example.org',
      memberNumber: 'X-1',
      role: 'admin',
    });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({
      success: true,
      message: PROFILE_MESSAGES.updated,
      data: {
        ...PROFILE,
        firstName: 'Annie',
        // Sent as its postal code, stored as the list's name (one list of states).
        state: 'Kentucky',
        email: me.email,
        memberNumber: before!.memberNumber,
        role: 'member',
      },
    });
    const blank = await call('PUT', '/api/members/profile', me.token, {
      firstName: 'Ann',
      lastName: 'Lee',
      address: '',
      phone: null,
    });
    expect(blank.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row).toMatchObject({
      firstName: 'Ann',
      address: null,
      city: null,
      phone: null,
      email: me.email,
      memberNumber: before!.memberNumber,
      role: 'member',
    });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, me.id));
    expect(audit.filter((entry) => entry.action === 'profile.update')).toHaveLength(2);
  });

  it('refuses bad fields with their messages and changes nothing', async () => {
    const me = await signedInMember(t, 'profile-bad');
    const response = await call('PUT', '/api/members/profile', me.token, {
      ...PROFILE,
      firstName: ' ',
      zip: '4051',
      phone: 'call me',
      city: 'x'.repeat(101),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      firstName: PROFILE_MESSAGES.firstNameRequired,
      zip: PROFILE_MESSAGES.zipInvalid,
      phone: PROFILE_MESSAGES.phoneInvalid,
      city: PROFILE_MESSAGES.tooLong('City', 100),
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row?.city).toBeNull();
    const notJson = await t.app.inject({
      method: 'PUT',
      url: '/api/members/profile',
      headers: { ...bearer(me.token), 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(notJson.statusCode).toBe(400);
  });
});
