import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, type StaffMember, type StaffRole } from '@registry/domain';
import { auditLog, mailOutbox, users } from '../../db/schema.js';
import { ADMIN, bearer, createTestApp, login, MEMBER_A, type TestApp } from '../../test/harness.js';
import { changeStaffRole, removeStaff, setStaffActive } from './service.js';

let t: TestApp;
let adminToken: string;
let adminId: string;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) => t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

/** The token of the newest set-password link mailed to `to`. */
async function mailedToken(to: string): Promise<string> {
  const [mail] = await t.database.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = /set-password#token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no set-password link mailed to ${to}`);
  return token;
}

let counter = 0;
/** Invites a staff member, who sets a password from the mail: their id, address and token. */
async function staffWith(role: StaffRole, name = `${role}-${++counter}`) {
  const email = `${name}@office.test`;
  const invited = await call('POST', '/api/admin/staff', adminToken, {
    email,
    firstName: name,
    lastName: 'Staff',
    staffRole: role,
  });
  expect(invited.statusCode).toBe(201);
  const password = `office pass ${name}`;
  const set = await t.app.inject({
    method: 'POST',
    url: '/api/auth/set-password',
    payload: { token: await mailedToken(email), password },
  });
  expect(set.statusCode).toBe(200);
  const id = (invited.json() as { data: StaffMember }).data.id;
  return { id, email, token: await login(t.app, { email, password }, 'admin') };
}

const staffList = async () =>
  ((await call('GET', '/api/admin/staff', adminToken)).json() as { data: { items: StaffMember[] } })
    .data.items;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await login(t.app, ADMIN, 'admin');
  const me = await call('GET', '/api/auth/me', adminToken);
  adminId = (me.json() as { data: { id: string } }).data.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('staff accounts', () => {
  it('the first administrator is an administrator, and the session answer names the role', async () => {
    const me = await call('GET', '/api/auth/me', adminToken);
    expect(me.json().data).toMatchObject({ role: 'admin', staffRole: 'administrator' });
    const member = await login(t.app, MEMBER_A);
    expect((await call('GET', '/api/auth/me', member)).json().data.staffRole).toBeNull();
    expect(await staffList()).toEqual([
      expect.objectContaining({
        id: adminId,
        staffRole: 'administrator',
        status: 'active',
        lastSignInAt: expect.any(String),
      }),
    ]);
  });

  it('invites by email: an office account with the role, a set-password link, then the office sign-in', async () => {
    const invited = await call('POST', '/api/admin/staff', adminToken, {
      email: '  Robin.Registrar@Office.test ',
      firstName: 'Robin',
      lastName: 'Lane',
      staffRole: 'registrar',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      message: STAFF_MESSAGES.invited,
      data: {
        email: 'robin.registrar@office.test',
        name: 'Robin Lane',
        staffRole: 'registrar',
        status: 'invited',
        lastSignInAt: null,
      },
    });
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'robin.registrar@office.test'));
    expect(mail?.text).toContain('as Registrar');
    expect(mail?.text).toContain('Registry Administrator');

    const token = await mailedToken('robin.registrar@office.test');
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password/check',
      payload: { token },
    });
    expect(check.json().data).toEqual({ email: 'robin.registrar@office.test', office: true });
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token, password: 'robin the registrar' },
    });
    expect(set.json().data).toEqual({ email: 'robin.registrar@office.test', office: true });
    const robin = { email: 'robin.registrar@office.test', password: 'robin the registrar' };
    // The office account signs in at the office portal only.
    const onMemberLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: robin,
    });
    expect(onMemberLogin.statusCode).toBe(403);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: robin,
    });
    expect(signedIn.json().data.user).toMatchObject({ role: 'admin', staffRole: 'registrar' });
    const listed = (await staffList()).find((s) => s.email === robin.email);
    expect(listed).toMatchObject({ status: 'active', lastSignInAt: expect.any(String) });

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.invite'), eq(auditLog.subject, listed!.id)));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: adminId,
        details: expect.objectContaining({ staffRole: 'registrar' }),
      }),
    ]);
  });

  it('refuses an address of a member or of a staff member, and bad input (400)', async () => {
    const member = await call('POST', '/api/admin/staff', adminToken, {
      email: MEMBER_A.email,
      firstName: 'A',
      lastName: 'B',
      staffRole: 'treasurer',
    });
    expect(member.statusCode).toBe(409);
    expect(member.json()).toMatchObject({
      error: STAFF_MESSAGES.emailIsMember,
      fields: { email: STAFF_MESSAGES.emailIsMember },
    });
    const admin = await call('POST', '/api/admin/staff', adminToken, {
      email: ADMIN.email,
      firstName: 'A',
      lastName: 'B',
      staffRole: 'treasurer',
    });
    expect(admin.statusCode).toBe(409);
    expect(admin.json().error).toBe(STAFF_MESSAGES.emailTaken);
    const bad = await call('POST', '/api/admin/staff', adminToken, {
      email: 'x@office.test',
      firstName: '',
      lastName: 'B',
      staffRole: 'owner',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['firstName', 'staffRole']);
  });

  it('a role change takes effect at once: the old sessions end, the new role applies', async () => {
    const pat = await staffWith('treasurer');
    expect((await call('GET', '/api/admin/staff', pat.token)).statusCode).toBe(403);
    const changed = await call('PUT', `/api/admin/staff/${pat.id}/role`, adminToken, {
      staffRole: 'administrator',
    });
    expect(changed.json()).toMatchObject({
      message: STAFF_MESSAGES.roleChanged,
      data: { staffRole: 'administrator' },
    });
    expect((await call('GET', '/api/admin/staff', pat.token)).statusCode).toBe(401);
    const fresh = await login(
      t.app,
      { email: pat.email, password: `office pass ${pat.email.split('@')[0]}` },
      'admin',
    );
    expect((await call('GET', '/api/admin/staff', fresh)).statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.role-change'), eq(auditLog.subject, pat.id)));
    expect(entry).toMatchObject({
      actorId: adminId,
      details: { from: 'treasurer', to: 'administrator' },
    });
    // Back down again for the tests below (two administrators now, so this is allowed).
    await call('PUT', `/api/admin/staff/${pat.id}/role`, adminToken, { staffRole: 'treasurer' });
  });

  it('deactivation ends sessions and stops sign-in; reactivation lets them back', async () => {
    const sam = await staffWith('read-only');
    const off = await call('PUT', `/api/admin/staff/${sam.id}/deactivate`, adminToken);
    expect(off.json()).toMatchObject({ data: { status: 'deactivated', active: false } });
    expect((await call('GET', '/api/admin/horses', sam.token)).statusCode).toBe(401);
    const password = `office pass ${sam.email.split('@')[0]}`;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { email: sam.email, password },
    });
    expect(refused.statusCode).toBe(403);
    const on = await call('PUT', `/api/admin/staff/${sam.id}/activate`, adminToken);
    expect(on.json().data.status).toBe('active');
    await login(t.app, { email: sam.email, password }, 'admin');
    const actions = await t.database.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(eq(auditLog.subject, sam.id));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'staff.deactivate', actorId: adminId },
        { action: 'staff.activate', actorId: adminId },
      ]),
    );
  });

  it('removal: not listed, cannot sign in, history keeps the row; a new invitation opens it again', async () => {
    const kim = await staffWith('registrar');
    const removed = await call('DELETE', `/api/admin/staff/${kim.id}`, adminToken);
    expect(removed.json()).toMatchObject({ data: { id: kim.id }, message: STAFF_MESSAGES.removed });
    expect((await staffList()).map((s) => s.id)).not.toContain(kim.id);
    expect((await call('GET', '/api/admin/horses', kim.token)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/admin/staff/${kim.id}`, adminToken)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, kim.id));
    expect(row).toMatchObject({ active: false, removedAt: expect.any(Date) });

    const again = await call('POST', '/api/admin/staff', adminToken, {
      email: kim.email,
      firstName: 'Kim',
      lastName: 'Again',
      staffRole: 'treasurer',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({
      id: kim.id,
      staffRole: 'treasurer',
      status: 'invited',
    });
  });

  it('resends an invitation only while no password is chosen', async () => {
    const invited = await call('POST', '/api/admin/staff', adminToken, {
      email: 'late@office.test',
      firstName: 'Late',
      lastName: 'Comer',
      staffRole: 'read-only',
    });
    const id = invited.json().data.id as string;
    const first = await mailedToken('late@office.test');
    const resent = await call('POST', `/api/admin/staff/${id}/invite`, adminToken);
    expect(resent.statusCode).toBe(200);
    const second = await mailedToken('late@office.test');
    expect(second).not.toBe(first);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password/check',
      payload: { token: first },
    });
    expect(old.statusCode).toBe(404);
    const done = await staffWith('read-only');
    const already = await call('POST', `/api/admin/staff/${done.id}/invite`, adminToken);
    expect(already.statusCode).toBe(409);
    expect(already.json().error).toBe(STAFF_MESSAGES.alreadyHasPassword);
  });

  it('unknown ids and members are "not found"', async () => {
    const [member] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, MEMBER_A.email));
    for (const id of ['nope', crypto.randomUUID(), member!.id]) {
      const response = await call('PUT', `/api/admin/staff/${id}/role`, adminToken, {
        staffRole: 'registrar',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(STAFF_MESSAGES.notFound);
    }
  });
});

describe('the last administrator', () => {
  it('cannot be demoted, deactivated or removed, also not by themselves', async () => {
    for (const [method, url, body] of [
      ['PUT', `/api/admin/staff/${adminId}/role`, { staffRole: 'registrar' }],
      ['PUT', `/api/admin/staff/${adminId}/deactivate`, undefined],
      ['DELETE', `/api/admin/staff/${adminId}`, undefined],
    ] as const) {
      const response = await call(method, url, adminToken, body);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe(STAFF_MESSAGES.lastAdministrator);
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, adminId));
    expect(row).toMatchObject({ staffRole: 'administrator', active: true, removedAt: null });
  });

  const activeAdministrators = async () =>
    (
      await t.database.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.staffRole, 'administrator'), eq(users.active, true)))
    ).map((row) => row.id);

  it('two administrators demoting each other at once: one wins, the other is 409', async () => {
    const second = await staffWith('administrator', 'second-admin');
    // A deactivated administrator does not count as one who remains.
    const idle = await staffWith('administrator', 'idle-admin');
    await call('PUT', `/api/admin/staff/${idle.id}/deactivate`, adminToken);
    expect((await activeAdministrators()).sort()).toEqual([adminId, second.id].sort());

    // Each transaction locks the administrators' rows before counting: on PostgreSQL the second
    // waits for the first and then counts what it left.
    const outcomes = await Promise.allSettled([
      changeStaffRole(t.database.db, second.id, 'registrar', { userId: adminId, ip: '127.0.0.1' }),
      changeStaffRole(t.database.db, adminId, 'registrar', { userId: second.id, ip: '127.0.0.1' }),
    ]);
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 409,
      message: STAFF_MESSAGES.lastAdministrator,
    });
    const left = await activeAdministrators();
    expect(left).toHaveLength(1);

    // The first administrator in charge again, alone, for the tests below.
    const actor = { userId: left[0]!, ip: '127.0.0.1' };
    await changeStaffRole(t.database.db, adminId, 'administrator', actor);
    await changeStaffRole(t.database.db, second.id, 'registrar', {
      userId: adminId,
      ip: '127.0.0.1',
    });
    expect(await activeAdministrators()).toEqual([adminId]);
    adminToken = await login(t.app, ADMIN, 'admin');
  });

  it('removing and deactivating each other over HTTP at once: one administrator remains', async () => {
    const third = await staffWith('administrator', 'third-admin');
    const results = await Promise.all([
      call('DELETE', `/api/admin/staff/${third.id}`, adminToken),
      call('PUT', `/api/admin/staff/${adminId}/deactivate`, third.token),
    ]);
    const codes = results.map((r) => r.statusCode);
    // One succeeds; the other is refused: 409 when both passed the session check, 401 when
    // the first had already ended the second caller's session.
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.every((code) => [200, 401, 409].includes(code))).toBe(true);
    expect(await activeAdministrators()).toHaveLength(1);

    // The first administrator alone in charge again, whichever change won.
    const actor = { userId: (await activeAdministrators())[0]!, ip: '127.0.0.1' };
    await setStaffActive(t.database.db, adminId, true, actor);
    // The third is still an active administrator only when its removal was the refused change.
    if ((await activeAdministrators()).includes(third.id)) {
      await setStaffActive(t.database.db, third.id, false, { userId: adminId, ip: '127.0.0.1' });
    }
    expect(await activeAdministrators()).toEqual([adminId]);
    adminToken = await login(t.app, ADMIN, 'admin');
  });

  it('deactivating and removing each other in racing transactions: one is 409', async () => {
    const remaining = (await activeAdministrators())[0]!;
    const fourth = await staffWith('administrator', 'fourth-admin');
    const outcomes = await Promise.allSettled([
      removeStaff(t.database.db, fourth.id, { userId: remaining, ip: '127.0.0.1' }),
      setStaffActive(t.database.db, remaining, false, { userId: fourth.id, ip: '127.0.0.1' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'rejected')).toHaveLength(1);
    expect(await activeAdministrators()).toHaveLength(1);
  });
});
