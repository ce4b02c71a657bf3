import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema.js';
import { bearer } from '../../test/harness.js';
import {
  SANDBOX_METHODS as M,
  cardPayment,
  pay,
  registerHorse,
  sandboxPayments,
} from '../../test/payment-fixtures.js';
import { EVERY_ACCOUNT, signedInSuite } from '../../test/signed-in-app.js';

const suite = signedInSuite(EVERY_ACCOUNT, {
  payments: sandboxPayments(),
});

const get = (url: string, token: string) =>
  suite.t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('what a member paid for a horse', () => {
  it('GET members/horses/:id/paid: the settled amount, for the owner only', async () => {
    const horse = await registerHorse(suite.t.app, suite.t.database.db, suite.memberA);
    const unpaid = await get(`/api/members/horses/${horse.id}/paid`, suite.memberA);
    expect(unpaid.json().data).toEqual({ paidCents: 0, payments: [] });

    expect(
      (await pay(suite.t.app, suite.memberA, horse.id, cardPayment(M.cardSucceeds))).statusCode,
    ).toBe(200);
    const paid = (await get(`/api/members/horses/${horse.id}/paid`, suite.memberA)).json().data;
    expect(paid.paidCents).toBeGreaterThan(0);
    expect(paid.payments).toEqual([
      expect.objectContaining({ amountCents: paid.paidCents, method: 'card' }),
    ]);

    expect((await get(`/api/members/horses/${horse.id}/paid`, suite.memberB)).statusCode).toBe(404);
    expect((await get(`/api/members/horses/nope/paid`, suite.memberA)).statusCode).toBe(404);
    const unknown = await get(`/api/members/horses/${crypto.randomUUID()}/paid`, suite.memberA);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().success).toBe(false);
  });

  it('a refused card is a failed payment in the office history, never "settled"', async () => {
    const horse = await registerHorse(suite.t.app, suite.t.database.db, suite.memberA);
    expect(
      (await pay(suite.t.app, suite.memberA, horse.id, cardPayment(M.cardDeclined))).statusCode,
    ).toBe(402);
    const history = (await get(`/api/admin/horses/${horse.id}`, suite.admin)).json().data
      .history as Array<{
      action: string;
    }>;
    const actions = history.map((h) => h.action);
    expect(actions).not.toContain('payment.settled');
    expect(actions).toContain('payment.failed');
    expect(
      (await get(`/api/members/horses/${horse.id}/paid`, suite.memberA)).json().data.paidCents,
    ).toBe(0);
  });

  it('deleting a paid pending registration leaves the office an entry saying a refund is due', async () => {
    const horse = await registerHorse(suite.t.app, suite.t.database.db, suite.memberA);
    await pay(suite.t.app, suite.memberA, horse.id, cardPayment(M.cardSucceeds));
    const { paidCents } = (await get(`/api/members/horses/${horse.id}/paid`, suite.memberA)).json()
      .data;
    const deleted = await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/members/horses/${horse.id}`,
      headers: bearer(suite.memberA),
    });
    expect(deleted.statusCode).toBeLessThan(300);
    const [entry] = await suite.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'horse.delete'), eq(auditLog.subject, horse.id)));
    expect(entry?.details).toMatchObject({ paidCents, refundDue: true });

    // An unpaid one carries no refund note.
    const unpaid = await registerHorse(suite.t.app, suite.t.database.db, suite.memberA);
    await suite.t.app.inject({
      method: 'DELETE',
      url: `/api/members/horses/${unpaid.id}`,
      headers: bearer(suite.memberA),
    });
    const [plain] = await suite.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'horse.delete'), eq(auditLog.subject, unpaid.id)));
    expect(plain?.details ?? {}).not.toHaveProperty('refundDue');
  });
});
