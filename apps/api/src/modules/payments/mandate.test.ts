import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACH_MANDATE_VERSION, PAYMENT_MESSAGES } from '@registry/domain';
import { bearer, type TestApp } from '../../test/harness.js';
import {
  SANDBOX_METHODS as M,
  bankPayment,
  cardPayment,
  pay,
  paymentsOf,
  registerHorse,
  sandboxPayments,
} from '../../test/payment-fixtures.js';
import { createSignedInApp } from '../../test/signed-in-app.js';

let t: TestApp;
let member: string;
let admin: string;
beforeAll(async () => {
  ({
    t,
    memberA: member,
    admin,
  } = await createSignedInApp(['memberA', 'admin'], {
    associationName: 'Blue Ridge Gaited Horse Association',
    payments: sandboxPayments(60_000),
  }));
});
afterAll(() => t.close());

const paymentsView = (horseId: string, token = admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/payments/${horseId}`, headers: bearer(token) });

describe('ACH debit authorisation', () => {
  it.each([undefined, false, 'false'])(
    'refuses a bank payment without the agreement (%s): 400, nothing stored',
    async (checkedAgreement) => {
      const horse = await registerHorse(t.app, t.database.db, member);
      const response = await pay(t.app, member, horse.id, {
        ...bankPayment(M.bankSettles),
        checkedAgreement,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        error: PAYMENT_MESSAGES.agreementRequired,
        fields: { checkedAgreement: PAYMENT_MESSAGES.agreementRequired },
      });
      expect(await paymentsOf(t.database.db, horse.id)).toEqual([]);
    },
  );

  it('stores the agreement, versioned text, time, client, holder name and signature; admins see it', async () => {
    const horse = await registerHorse(t.app, t.database.db, member);
    const before = Date.now();
    const response = await pay(t.app, member, horse.id, bankPayment(M.bankSettles));
    expect(response.statusCode).toBe(200);
    const [payment] = await paymentsOf(t.database.db, horse.id);
    const mandate = payment?.mandate as Record<string, unknown>;
    expect(mandate).toMatchObject({
      checkedAgreement: true,
      version: ACH_MANDATE_VERSION,
      userAgent: 'PaymentsTest/1.0',
      accountHolderName: 'Pat Payer',
    });
    expect(String(mandate.ip)).toMatch(/\d/);
    expect(String(mandate.accountHolderSignature)).toMatch(/^data:image\/png;base64,/);
    expect(Date.parse(String(mandate.acceptedAt))).toBeGreaterThanOrEqual(before - 1000);
    // The text names the association, says the debit is one-time and how to revoke it.
    const text = String(mandate.text);
    expect(text).toContain('Blue Ridge Gaited Horse Association');
    expect(text).toContain('one-time debit');
    expect(text).toContain('$30.00');
    expect(text).toMatch(/revoke/i);

    const view = await paymentsView(horse.id);
    expect(view.statusCode).toBe(200);
    expect(view.json().data[0]).toMatchObject({
      method: 'bank',
      status: 'processing',
      mandate: { version: ACH_MANDATE_VERSION, checkedAgreement: true },
    });
    expect((await paymentsView(horse.id, member)).statusCode).toBe(403);
  });

  it('keeps no mandate for a card payment', async () => {
    const horse = await registerHorse(t.app, t.database.db, member);
    expect((await pay(t.app, member, horse.id, cardPayment(M.cardSucceeds))).statusCode).toBe(200);
    const [payment] = await paymentsOf(t.database.db, horse.id);
    expect(payment?.mandate).toBeNull();
  });
});
