import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type TestApp } from '../../test/harness.js';
import { sendForm, validFiles, validValues } from '../../test/multipart.js';
import {
  SANDBOX_METHODS,
  cardPayment,
  horseRow,
  registerHorse,
  sandboxPayments,
} from '../../test/payment-fixtures.js';
import { createSignedInApp } from '../../test/signed-in-app.js';

/** The spec's other names for registering, the pending list and paying (§7.2 Owner). */
let t: TestApp;
let member: string;
let other: string;
beforeAll(async () => {
  ({
    t,
    memberA: member,
    memberB: other,
  } = await createSignedInApp(['memberA', 'memberB'], {
    payments: sandboxPayments(),
  }));
});
afterAll(() => t.close());

describe('spec paths', () => {
  it.each(['/api/horses', '/api/auth/horses/register'])(
    'POST %s registers a horse like members/horses/register',
    async (url) => {
      const values = { ...validValues(), firstChoice: `Alias ${url.length}` };
      const response = await sendForm(t.app, member, { method: 'POST', url }, values, validFiles());
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.success).toBe(true);
      const row = await horseRow(t.database.db, body.data._id as string);
      expect(row.approvalStatus).toBe('pending');
      // A bad form is refused the same way (400 with fields), never stored.
      const bad = await sendForm(
        t.app,
        member,
        { method: 'POST', url },
        { ...values, firstChoice: '' },
        validFiles(),
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().success).toBe(false);
    },
  );

  it('GET auth/horses/approvalStatus=pending lists only my pending horses', async () => {
    const mine = await registerHorse(t.app, t.database.db, member);
    const theirs = await registerHorse(t.app, t.database.db, other);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/horses/approvalStatus=pending?page=1&pageSize=100',
      headers: bearer(member),
    });
    expect(response.statusCode).toBe(200);
    const same = await t.app.inject({
      method: 'GET',
      url: '/api/auth/pending-horses?page=1&pageSize=100',
      headers: bearer(member),
    });
    expect(response.json()).toEqual(same.json());
    const items = response.json().data.items as { _id: string; approvalStatus: string }[];
    expect(items.map((h) => h._id)).toContain(mine.id);
    expect(items.map((h) => h._id)).not.toContain(theirs.id);
    expect(items.every((h) => h.approvalStatus === 'pending')).toBe(true);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/auth/horses/approvalStatus=pending',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('PUT members/payment-process/{id} pays like POST', async () => {
    const horse = await registerHorse(t.app, t.database.db, member);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/members/payment-process/${horse.id}`,
      headers: bearer(member),
      payload: cardPayment(SANDBOX_METHODS.cardSucceeds),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, paymentStatus: 'succeeded' });
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');
    const notMine = await t.app.inject({
      method: 'PUT',
      url: `/api/members/payment-process/${horse.id}`,
      headers: bearer(other),
      payload: cardPayment(SANDBOX_METHODS.cardSucceeds),
    });
    expect(notMine.statusCode).toBe(404);
  });
});
