import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.js';
import { testConfig, type TestApp } from '../../test/harness.js';
import {
  SANDBOX_METHODS as M,
  cardPayment,
  horseRow,
  pay,
  paymentsOf,
  registerHorse,
} from '../../test/payment-fixtures.js';
import { createPaymentProvider } from './providers.js';
import {
  INTERRUPTED_AFTER_MS,
  INTERRUPTED_MESSAGE,
  REPLAYABLE_FOR_MS,
  recoverInterruptedCharges,
} from './recovery.js';
import { idempotencyKeyFor } from './provider.js';
import { createSignedInApp } from '../../test/signed-in-app.js';

/**
 * A server killed while the provider was being called leaves a placeholder payment holding the
 * horse's one payment slot. Recovery finishes it: replayed under the same idempotency key while
 * the provider still knows the key, failed (and the horse payable again) after that.
 */
let t: TestApp;
let member: string;

beforeAll(async () => {
  ({ t, memberA: member } = await createSignedInApp(['memberA']));
});
afterAll(() => t.close());

/** The payment module's dependencies as the app builds them, with the sandbox provider. */
async function deps() {
  const publicUrl = 'http://registry.test';
  const provider = await createPaymentProvider(testConfig().payments, t.database.db, publicUrl);
  return { db: t.database.db, provider, publicUrl, associationName: 'Test', log: t.app.log };
}

/** What an interrupted charge leaves: the placeholder row, created `ageMs` ago. */
async function interruptedCharge(horseId: string, payerId: string, ageMs: number) {
  const id = randomUUID();
  await t.database.db.insert(payments).values({
    id,
    horseId,
    payerId,
    provider: 'sandbox',
    method: 'card',
    idempotencyKey: idempotencyKeyFor(id),
    amountCents: 3000,
    fees: {},
    status: 'requires_action',
    reference: M.cardSucceeds,
    createdAt: new Date(Date.now() - ageMs),
  });
  return id;
}

describe('recovering interrupted charges', () => {
  it('replays a recent one under its idempotency key: the horse ends up paid', async () => {
    const horse = await registerHorse(t.app, t.database.db, member);
    const blocked = await interruptedCharge(horse.id, horse.ownerId, INTERRUPTED_AFTER_MS + 1000);
    // While it is stuck the slot is taken: a new payment is refused.
    expect((await pay(t.app, member, horse.id, cardPayment(M.cardSucceeds))).statusCode).toBe(409);

    expect(await recoverInterruptedCharges(await deps())).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, blocked));
    expect(row).toMatchObject({ status: 'succeeded' });
    expect(row?.providerPaymentId).toMatch(/^pi_sandbox_/);
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');
  });

  it('leaves charges younger than the grace period alone (they may still be in flight)', async () => {
    const horse = await registerHorse(t.app, t.database.db, member);
    const fresh = await interruptedCharge(horse.id, horse.ownerId, 10_000);
    await recoverInterruptedCharges(await deps());
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, fresh));
    expect(row?.status).toBe('requires_action');
    expect(row?.providerPaymentId).toBeNull();
  });

  it('fails one too old to replay safely, and the horse can be paid again', async () => {
    const horse = await registerHorse(t.app, t.database.db, member);
    const stale = await interruptedCharge(horse.id, horse.ownerId, REPLAYABLE_FOR_MS + 60_000);
    await recoverInterruptedCharges(await deps());
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, stale));
    expect(row).toMatchObject({ status: 'failed', failureMessage: INTERRUPTED_MESSAGE });
    expect(row?.providerPaymentId).toBeNull();

    const again = await pay(t.app, member, horse.id, cardPayment(M.cardSucceeds));
    expect(again.statusCode).toBe(200);
    expect((await paymentsOf(t.database.db, horse.id)).map((p) => p.status).sort()).toEqual([
      'failed',
      'succeeded',
    ]);
  });
});
