import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, payments } from '../db/schema.js';
import { createTestApp, login, MEMBER_A, testConfig, type TestApp } from '../test/harness.js';
import { SANDBOX_METHODS, horseRow, registerHorse } from '../test/payment-fixtures.js';
import { createPaymentProvider } from '../modules/payments/providers.js';
import { idempotencyKeyFor } from '../modules/payments/provider.js';
import { INTERRUPTED_AFTER_MS, recoverInterruptedCharges } from '../modules/payments/recovery.js';

/**
 * Payment recovery runs on every instance (docs/operations.md "Scaling out"): two instances
 * replaying the same interrupted charge at once leave one outcome, settled once, with one
 * mail. Each "instance" here is the recovery with a provider of its own on the shared database;
 * with TEST_DATABASE=postgres the two run truly side by side.
 */
let t: TestApp;
let member: string;

beforeAll(async () => {
  t = await createTestApp();
  member = await login(t.app, MEMBER_A);
});
afterAll(() => t?.close());

async function instance() {
  const publicUrl = 'http://registry.test';
  const provider = await createPaymentProvider(testConfig().payments, t.database.db, publicUrl);
  return { db: t.database.db, provider, publicUrl, associationName: 'Test', log: t.app.log };
}

describe('two instances recovering the same interrupted charge', () => {
  it('settle it once, with one provider payment, one settled entry and one mail', async () => {
    const horse = await registerHorse(t.app, t.database.db, member);
    const id = randomUUID();
    await t.database.db.insert(payments).values({
      id,
      horseId: horse.id,
      payerId: horse.ownerId,
      provider: 'sandbox',
      method: 'card',
      idempotencyKey: idempotencyKeyFor(id),
      amountCents: 3000,
      fees: {},
      status: 'requires_action',
      reference: SANDBOX_METHODS.cardSucceeds,
      createdAt: new Date(Date.now() - INTERRUPTED_AFTER_MS - 1_000),
    });
    const mailsBefore = await t.database.db.execute(
      sql`select count(*)::int as n from mail_outbox`,
    );

    await Promise.all([
      recoverInterruptedCharges(await instance()),
      recoverInterruptedCharges(await instance()),
    ]);

    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, id));
    expect(row?.status).toBe('succeeded');
    expect((await horseRow(t.database.db, horse.id)).paymentStatus).toBe('paid');
    const settled = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'payment.settled'), sql`${auditLog.details}->>'paymentId' = ${id}`),
      );
    expect(settled).toHaveLength(1);
    // The record names the provider payment the settled entry names: one charge, not two.
    expect((settled[0]?.details as { providerPaymentId?: string }).providerPaymentId).toBe(
      row?.providerPaymentId,
    );
    const mailsAfter = await t.database.db.execute(sql`select count(*)::int as n from mail_outbox`);
    const count = (result: unknown) =>
      Number(((result as { rows: { n: number }[] }).rows[0] ?? { n: 0 }).n);
    expect(count(mailsAfter) - count(mailsBefore)).toBe(1);
  });
});
