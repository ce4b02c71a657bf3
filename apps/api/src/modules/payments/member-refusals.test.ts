import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PAYMENT_MESSAGES } from '@registry/domain';
import { horses, payments } from '../../db/schema.js';
import { ADMIN, MEMBER_B, bearer, login } from '../../test/harness.js';
import {
  SANDBOX_METHODS as M,
  bankPayment,
  billingInfo,
  cardPayment,
  horseRow,
  pay,
  paymentsOf,
  statusOf,
} from '../../test/payment-fixtures.js';
import { sandboxSuite } from '../../test/payment-apps.js';

const SETTLE_MS = 300;

/** The member route's refusals: double payment, tampering, foreign horses, bad input. */
const { suite, newHorse } = sandboxSuite(SETTLE_MS);

describe('refusals', () => {
  it('refuses a second payment for a paid horse (409)', async () => {
    const horse = await newHorse();
    expect(
      (await pay(suite.t.app, suite.member, horse.id, cardPayment(M.cardSucceeds))).statusCode,
    ).toBe(200);
    const second = await pay(suite.t.app, suite.member, horse.id, cardPayment(M.cardSucceeds));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ success: false, error: PAYMENT_MESSAGES.alreadyPaid });
    expect(await paymentsOf(suite.t.database.db, horse.id)).toHaveLength(1);
  });

  it('lets only one of two concurrent payments through', async () => {
    const horse = await newHorse();
    const answers = await Promise.all([
      pay(suite.t.app, suite.member, horse.id, cardPayment(M.cardSucceeds)),
      pay(suite.t.app, suite.member, horse.id, cardPayment(M.cardSucceeds)),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await paymentsOf(suite.t.database.db, horse.id);
    expect(rows.filter((r) => r.status === 'succeeded')).toHaveLength(1);
  });

  it('ignores amounts sent by the client: the server prices the payment', async () => {
    const horse = await newHorse();
    const tampered = {
      ...cardPayment(M.cardSucceeds, {
        registrationFee: 1,
        prepayDNAFee: true,
        prepayDNAFeeAmount: 0,
        verification_fees: 0,
        total: 1,
      }),
      amount: 1,
      amountCents: 100,
      total: 1,
    };
    expect((await pay(suite.t.app, suite.member, horse.id, tampered)).statusCode).toBe(200);
    const [payment] = await paymentsOf(suite.t.database.db, horse.id);
    expect(payment?.amountCents).toBe(8000); // 30 registration + 50 prepaid DNA

    // Verification is read from the horse itself, not from what the client says.
    const verified = await newHorse();
    await suite.t.database.db
      .update(horses)
      .set({ details: { ...verified.details, performanceVerification: 'Yes' } })
      .where(eq(horses.id, verified.id));
    await pay(
      suite.t.app,
      suite.member,
      verified.id,
      cardPayment(M.cardSucceeds, { verification_fees: 0 }),
    );
    const [withVerification] = await paymentsOf(suite.t.database.db, verified.id);
    expect(withVerification?.amountCents).toBe(5000);
  });

  it("answers 404 for another member's horse and another member's payment status", async () => {
    const horse = await newHorse();
    const other = await login(suite.t.app, MEMBER_B);
    const foreign = await pay(suite.t.app, other, horse.id, cardPayment(M.cardSucceeds));
    expect(foreign.statusCode).toBe(404);
    expect(
      (await pay(suite.t.app, suite.member, 'not-a-uuid', cardPayment(M.cardSucceeds))).statusCode,
    ).toBe(404);

    const { paymentIntentId } = (
      await pay(suite.t.app, suite.member, horse.id, cardPayment(M.cardRequiresAction))
    ).json();
    const peek = await statusOf(suite.t.app, other, paymentIntentId);
    expect(peek.statusCode).toBe(404);
    expect(peek.json()).toEqual({ success: false, error: PAYMENT_MESSAGES.paymentNotFound });
    expect((await statusOf(suite.t.app, other, 'pi_sandbox_doesnotexist')).statusCode).toBe(404);
    const admin = await login(suite.t.app, ADMIN, 'admin');
    expect((await statusOf(suite.t.app, admin, paymentIntentId)).json().paymentStatus).toBe(
      'requires_action',
    );
  });

  it('refuses unknown or mismatched payment methods and bad billing with 400', async () => {
    const horse = await newHorse();
    const unknown = await pay(suite.t.app, suite.member, horse.id, cardPayment('pm_card_visa'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(PAYMENT_MESSAGES.unknownPaymentMethod);
    const mismatch = await pay(suite.t.app, suite.member, horse.id, cardPayment(M.bankSettles));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toBe(PAYMENT_MESSAGES.methodMismatch);
    // Refused methods leave the horse payable.
    expect((await horseRow(suite.t.database.db, horse.id)).paymentStatus).toBe('unpaid');

    const noAddress = await pay(suite.t.app, suite.member, horse.id, {
      ...cardPayment(M.cardSucceeds),
      billingInfo: { ...billingInfo('Credit Card'), billingAddress: '' },
    });
    expect(noAddress.statusCode).toBe(400);
    expect(Object.keys(noAddress.json().fields)).toContain('billingInfo.billingAddress');

    const noBankName = await pay(suite.t.app, suite.member, horse.id, {
      ...bankPayment(M.bankSettles),
      billingInfo: billingInfo('Bank', { bankName: '' }),
    });
    expect(noBankName.statusCode).toBe(400);
    expect(noBankName.json().fields).toHaveProperty('billingInfo.paymentInfo.bankAccount.bankName');

    const notJson = await pay(suite.t.app, suite.member, horse.id, {
      paymentMethodId: M.cardSucceeds,
      billingInfo: '{not json',
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('refuses routing and account numbers: they must never reach the server', async () => {
    const horse = await newHorse();
    const before = await suite.t.database.db.select().from(payments);
    const response = await pay(suite.t.app, suite.member, horse.id, {
      ...bankPayment(M.bankSettles),
      billingInfo: billingInfo('Bank', {
        routingNumber: '110000000',
        accountNumber: '000123456789',
      }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(PAYMENT_MESSAGES.bankNumbersRefused);
    expect(response.json().fields).toHaveProperty(
      'billingInfo.paymentInfo.bankAccount.accountNumber',
    );
    expect(response.body).not.toContain('000123456789');
    expect(await suite.t.database.db.select().from(payments)).toHaveLength(before.length);
  });

  it('takes a multipart body too', async () => {
    const horse = await newHorse();
    const form = new FormData();
    form.append('paymentMethodId', M.cardSucceeds);
    form.append('billingInfo', JSON.stringify(billingInfo('Credit Card')));
    form.append('fees', JSON.stringify({ prepayDNAFee: true }));
    const request = new Request('http://x', { method: 'POST', body: form });
    const response = await suite.t.app.inject({
      method: 'POST',
      url: `/api/members/payment-process/${horse.id}`,
      headers: {
        ...bearer(suite.member),
        'content-type': request.headers.get('content-type') ?? '',
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(response.statusCode).toBe(200);
    expect((await paymentsOf(suite.t.database.db, horse.id))[0]?.amountCents).toBe(8000);
  });

  it('needs a member: 401 anonymous, 403 for an administrator', async () => {
    const horse = await newHorse();
    const anonymous = await suite.t.app.inject({
      method: 'POST',
      url: `/api/members/payment-process/${horse.id}`,
      payload: cardPayment(M.cardSucceeds),
    });
    expect(anonymous.statusCode).toBe(401);
    const admin = await login(suite.t.app, ADMIN, 'admin');
    expect((await pay(suite.t.app, admin, horse.id, cardPayment(M.cardSucceeds))).statusCode).toBe(
      403,
    );
  });
});
