import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACH_MANDATE_VERSION, PAYMENT_MESSAGES } from '@registry/domain';
import { mailOutbox } from '../../db/schema.js';
import { ADMIN, MEMBER_A, bearer, login, type TestApp } from '../../test/harness.js';
import { paymentIntent, type FakeAnswer, type FakeStripe } from '../../test/fake-stripe.js';
import {
  bankPayment,
  cardPayment,
  horseRow,
  pay,
  paymentsOf,
  registerHorse,
  statusOf,
} from '../../test/payment-fixtures.js';
import { createStripeApp } from '../../test/payment-apps.js';

let t: TestApp;
let stripe: FakeStripe;
let member: string;
beforeAll(async () => {
  ({ t, stripe, member } = await createStripeApp({ publicUrl: 'https://registry.test' }));
});
afterAll(() => t.close());
beforeEach(() => {
  stripe.requests.length = 0;
});

const newHorse = () => registerHorse(t.app, t.database.db, member);
const created = () => stripe.requests.filter((r) => r.path === '/v1/payment_intents');

/** Stripe's 200 answer: the PaymentIntent `id` in `status`. */
const intent = (...args: Parameters<typeof paymentIntent>): FakeAnswer => ({
  status: 200,
  body: paymentIntent(...args),
});

/** A new horse of the member paid with `payment` while Stripe answers `answers` in turn. */
async function payNewHorse(payment: Record<string, unknown>, ...answers: FakeAnswer[]) {
  const horse = await newHorse();
  stripe.answer(...answers);
  return { horse, response: await pay(t.app, member, horse.id, payment) };
}

/** The API's answer to a payment Stripe took at once: its id and status, no page to go to. */
function expectTaken(
  response: Awaited<ReturnType<typeof pay>>,
  paymentIntentId: string,
  paymentStatus: string,
) {
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({
    success: true,
    paymentIntentId,
    paymentStatus,
    url: null,
  });
}

describe('Stripe provider (stripe-node against a local fake)', () => {
  it('tells the browser to use Stripe', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json().data).toMatchObject({
      paymentProvider: 'stripe',
      stripePublishableKey: 'pk_test_fake_publishable',
    });
  });

  it('creates and confirms a card PaymentIntent with explicit types and our idempotency key', async () => {
    const { horse, response } = await payNewHorse(
      cardPayment('pm_card_visa'),
      intent('pi_card_ok', 'succeeded'),
    );
    expectTaken(response, 'pi_card_ok', 'succeeded');

    const [payment] = await paymentsOf(t.database.db, horse.id);
    const [request] = created();
    expect(request?.method).toBe('POST');
    expect(request?.headers.authorization).toBe('Bearer sk_test_fake_key_for_tests');
    expect(request?.headers['idempotency-key']).toBe(`registry-payment-${payment?.id}`);
    expect(request?.form).toMatchObject({
      amount: '3000',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      'allowed_payment_method_types[0]': 'card',
      confirm: 'true',
      return_url: 'https://registry.test/payment-complete',
      'metadata[horseId]': horse.id,
      'metadata[paymentId]': payment?.id,
    });
    expect(Object.keys(request?.form ?? {}).some((k) => k.startsWith('mandate_data'))).toBe(false);
    expect(payment).toMatchObject({ provider: 'stripe', providerPaymentId: 'pi_card_ok' });
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');
  });

  it('sends the ACH mandate (IP and user agent) for a bank debit', async () => {
    const { horse, response } = await payNewHorse(
      bankPayment('pm_bank_1'),
      intent('pi_bank_1', 'processing'),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().paymentStatus).toBe('processing');
    expect(created()[0]?.form).toMatchObject({
      'allowed_payment_method_types[0]': 'us_bank_account',
      'mandate_data[customer_acceptance][type]': 'online',
      'mandate_data[customer_acceptance][online][ip_address]': '127.0.0.1',
      'mandate_data[customer_acceptance][online][user_agent]': 'PaymentsTest/1.0',
    });
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('processing');
  });

  it("sends an offline mandate acceptance when the office debits the member's account", async () => {
    const admin = await login(t.app, ADMIN, 'admin');
    const horse = await newHorse();
    stripe.answer(intent('pi_bank_office', 'processing'));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payment-process/${horse.id}`,
      headers: bearer(admin),
      payload: {
        method: 'bank',
        paymentMethodId: 'pm_bank_office',
        accountHolderName: 'Jane Rider',
        checkedAgreement: true,
      },
    });
    expect(response.statusCode).toBe(200);
    const form = created()[0]?.form ?? {};
    expect(form).toMatchObject({ 'mandate_data[customer_acceptance][type]': 'offline' });
    expect(Object.keys(form).some((k) => k.includes('[online]'))).toBe(false);
  });

  it('confirms a Payment Element ConfirmationToken and hands only the payer the client secret for handleNextAction', async () => {
    const { horse, response } = await payNewHorse(
      cardPayment('ctoken_card_1'),
      intent('pi_ct_3ds', 'requires_action', {
        client_secret: 'pi_ct_3ds_secret_abc',
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} },
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      paymentStatus: 'requires_action',
      paymentIntentId: 'pi_ct_3ds',
      clientSecret: 'pi_ct_3ds_secret_abc',
    });
    const [payment] = await paymentsOf(t.database.db, horse.id);
    const form = created()[0]?.form ?? {};
    expect(form).toMatchObject({
      confirmation_token: 'ctoken_card_1',
      confirm: 'true',
      'allowed_payment_method_types[0]': 'card',
      'allowed_payment_method_types[1]': 'link',
    });
    expect(form.payment_method).toBeUndefined();
    expect(created()[0]?.headers['idempotency-key']).toBe(`registry-payment-${payment?.id}`);
    // The secret is for that one answer: never stored.
    expect(JSON.stringify(payment)).not.toContain('secret_abc');
  });

  it("confirms the Payment Element's bank ConfirmationToken like a card's, with the ACH mandate; an instantly verified account is processing", async () => {
    const { horse, response } = await payNewHorse(
      bankPayment('ctoken_bank_linked'),
      intent('pi_fc_instant', 'processing'),
    );
    expectTaken(response, 'pi_fc_instant', 'processing');
    expect(response.json().clientSecret).toBeUndefined();
    expect(response.json().nextAction).toBeUndefined();

    const [payment] = await paymentsOf(t.database.db, horse.id);
    const [request] = created();
    expect(request?.headers['idempotency-key']).toBe(`registry-payment-${payment?.id}`);
    const form = request?.form ?? {};
    expect(form).toMatchObject({
      amount: '3000',
      confirmation_token: 'ctoken_bank_linked',
      confirm: 'true',
      'allowed_payment_method_types[0]': 'us_bank_account',
      'payment_method_options[us_bank_account][verification_method]': 'automatic',
      'mandate_data[customer_acceptance][type]': 'online',
      'mandate_data[customer_acceptance][online][ip_address]': '127.0.0.1',
      'mandate_data[customer_acceptance][online][user_agent]': 'PaymentsTest/1.0',
    });
    // Only the bank type: a card token cannot be confirmed as this debit.
    expect(form['allowed_payment_method_types[1]']).toBeUndefined();
    expect(form.payment_method).toBeUndefined();

    // The authorisation we keep is the same as for typed numbers.
    expect(payment).toMatchObject({
      method: 'bank',
      status: 'processing',
      reference: 'ctoken_bank_linked',
      providerPaymentId: 'pi_fc_instant',
    });
    expect(payment?.mandate).toMatchObject({
      checkedAgreement: true,
      version: ACH_MANDATE_VERSION,
      ip: '127.0.0.1',
      userAgent: 'PaymentsTest/1.0',
      accountHolderName: expect.any(String),
      accountHolderSignature: expect.stringMatching(/^data:image\/png;base64,/),
      acceptance: 'online',
    });
    expect((payment?.mandate as { text?: string }).text).toContain('$30.00');
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('processing');

    // The debit settles days later; a status read (or the webhook) moves it on.
    stripe.answer(intent('pi_fc_instant', 'succeeded'));
    expect((await statusOf(t.app, member, 'pi_fc_instant')).json().paymentStatus).toBe('succeeded');
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');
  });

  it('refuses a bank ConfirmationToken without the debit authorisation, before Stripe is asked', async () => {
    const { horse, response } = await payNewHorse(
      {
        ...bankPayment('ctoken_bank_unsigned'),
        checkedAgreement: false,
      },
      intent('pi_never', 'processing'),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      checkedAgreement: PAYMENT_MESSAGES.agreementRequired,
    });
    expect(created()).toEqual([]);
    expect(await paymentsOf(t.database.db, horse.id)).toEqual([]);
  });

  it('asks for instant verification first and, when Stripe falls back to microdeposits, emails the link and answers no URL to poll', async () => {
    const { horse, response } = await payNewHorse(
      bankPayment('ctoken_bank_1'),
      intent('pi_md', 'requires_action', {
        client_secret: 'pi_md_secret',
        next_action: {
          type: 'verify_with_microdeposits',
          verify_with_microdeposits: {
            hosted_verification_url: 'https://payments.stripe.test/microdeposit/abc',
          },
        },
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      paymentStatus: 'requires_action',
      nextAction: 'verify_with_microdeposits',
      url: null,
      message: PAYMENT_MESSAGES.bankVerificationEmailed,
    });
    expect(response.json().clientSecret).toBeUndefined();
    expect(created()[0]?.form).toMatchObject({
      confirmation_token: 'ctoken_bank_1',
      'payment_method_options[us_bank_account][verification_method]': 'automatic',
      'mandate_data[customer_acceptance][type]': 'online',
    });
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, MEMBER_A.email));
    const mail = mails.find((m) => m.subject.includes('verify your bank account'));
    expect(mail?.text).toContain('https://payments.stripe.test/microdeposit/abc');
    expect(mail?.text).toContain('one or two business days');
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('requires_action');
    const [payment] = await paymentsOf(t.database.db, horse.id);
    expect(payment).toMatchObject({
      status: 'requires_action',
      actionUrl: 'https://payments.stripe.test/microdeposit/abc',
    });
    expect(payment?.mandate).toMatchObject({ checkedAgreement: true, acceptance: 'online' });

    // Once the member has verified the deposits the debit goes ahead like an instant one.
    stripe.answer(intent('pi_md', 'processing'));
    expect((await statusOf(t.app, member, 'pi_md')).json().paymentStatus).toBe('processing');
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('processing');
  });

  it('answers the redirect URL when the card needs 3-D Secure, and refreshes on a status read', async () => {
    const { horse, response } = await payNewHorse(
      cardPayment('pm_card_3ds'),
      intent('pi_3ds', 'requires_action', {
        next_action: {
          type: 'redirect_to_url',
          redirect_to_url: { url: 'https://hooks.stripe.test/3ds/abc', return_url: 'x' },
        },
      }),
    );
    expect(response.json()).toMatchObject({
      paymentStatus: 'requires_action',
      url: 'https://hooks.stripe.test/3ds/abc',
      paymentIntentId: 'pi_3ds',
    });

    stripe.answer(intent('pi_3ds', 'succeeded'));
    const status = await statusOf(t.app, member, 'pi_3ds');
    expect(status.json().paymentStatus).toBe('succeeded');
    expect(stripe.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: '/v1/payment_intents/pi_3ds',
    });
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');
  });

  it("maps a card error to 402 with Stripe's message", async () => {
    const { horse, response } = await payNewHorse(cardPayment('pm_card_declined'), {
      status: 402,
      body: {
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
          payment_intent: paymentIntent('pi_declined', 'requires_payment_method'),
        },
      },
    });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      success: false,
      error: 'Your card has insufficient funds.',
      message: PAYMENT_MESSAGES.failed,
      paymentIntentId: 'pi_declined',
    });
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('failed');
  });

  it('retries with the identical idempotency key', async () => {
    const { response } = await payNewHorse(
      cardPayment('pm_card_visa'),
      {
        status: 500,
        body: { error: { type: 'api_error', message: 'try again' } },
        headers: { 'stripe-should-retry': 'true' },
      },
      intent('pi_retry', 'succeeded'),
    );
    expect(response.statusCode).toBe(200);
    const attempts = created();
    expect(attempts).toHaveLength(2);
    expect(attempts[0]?.headers['idempotency-key']).toBeTruthy();
    expect(attempts[1]?.headers['idempotency-key']).toBe(attempts[0]?.headers['idempotency-key']);
    expect(attempts[1]?.raw).toBe(attempts[0]?.raw);
  });

  it('answers 502 "Payment process failed" when Stripe fails, and the horse stays payable', async () => {
    const { horse, response } = await payNewHorse(cardPayment('pm_card_visa'), {
      status: 500,
      body: { error: { type: 'api_error', message: 'boom' } },
      headers: { 'stripe-should-retry': 'false' },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ success: false, error: PAYMENT_MESSAGES.processFailed });
    const [payment] = await paymentsOf(t.database.db, horse.id);
    expect(payment?.status).toBe('failed');
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('unpaid');

    stripe.answer(intent('pi_after_502', 'succeeded'));
    expect((await pay(t.app, member, horse.id, cardPayment('pm_card_visa'))).statusCode).toBe(200);
  });

  it('answers 400 for a payment method Stripe does not know', async () => {
    const { response } = await payNewHorse(cardPayment('pm_nope'), {
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          param: 'payment_method',
          message: "No such PaymentMethod: 'pm_nope'",
        },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toContain('No such PaymentMethod');
  });
});
