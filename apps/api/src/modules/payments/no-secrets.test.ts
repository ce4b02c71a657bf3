import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sandboxBankMethod, sandboxCardMethod } from '@registry/domain';
import { MEMBER_A, createTestApp, login, type TestApp } from '../../test/harness.js';
import { filesUnder } from '../../test/multipart.js';
import {
  bankPayment,
  billingInfo,
  cardPayment,
  pay,
  registerHorse,
  sandboxPayments,
} from '../../test/payment-fixtures.js';

/**
 * Card and account numbers must never reach the database, the logs or the data directory
 * (issue 4). The sandbox turns them into payment method ids in the browser, as Stripe.js does;
 * here a malicious client also sends them to the server, which must refuse or drop them.
 */

const CARD = '4242424242424242';
const ROUTING = '110000000';
const ACCOUNT = '000123456789';
// The CVC is sent too, but three digits are too common (uuids, timestamps) to search for.
const SECRETS = [CARD, '4242 4242 4242 4242', ROUTING, ACCOUNT];

let t: TestApp;
let dataDir: string;
const logLines: string[] = [];
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'registry-no-secrets-'));
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => logLines.push(chunk.toString('utf8')));
  t = await createTestApp(
    {
      dataDir,
      uploadsDir: path.join(dataDir, 'uploads'),
      logLevel: 'trace',
      payments: sandboxPayments(50),
    },
    { logStream },
  );
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function everyRow(): Promise<string> {
  const tables = await t.database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const names = (tables as unknown as { rows: Array<{ table_name: string }> }).rows.map(
    (r) => r.table_name,
  );
  expect(names).toEqual(expect.arrayContaining(['payments', 'horses', 'audit_log', 'mail_outbox']));
  const dumps: string[] = [];
  for (const name of names) {
    const result = await t.database.db.execute(
      sql.raw(`select row_to_json(t)::text as row from "${name}" t`),
    );
    for (const row of (result as unknown as { rows: Array<{ row: string }> }).rows) {
      dumps.push(row.row);
    }
  }
  return dumps.join('\n');
}

describe('card and bank numbers', () => {
  it('never reach the database, the logs or DATA_DIR', async () => {
    const member = await login(t.app, MEMBER_A);
    const cardMethod = sandboxCardMethod(CARD);
    const bankMethod = sandboxBankMethod(ROUTING, ACCOUNT);
    if (!('id' in cardMethod) || !('id' in bankMethod)) throw new Error('not sandbox numbers');

    // A card payment whose body also smuggles the card number, CVC and bank numbers along.
    const cardHorse = await registerHorse(t.app, t.database.db, member);
    const malicious = cardPayment(cardMethod.id);
    const card = await pay(t.app, member, cardHorse.id, {
      ...malicious,
      cardNumber: CARD,
      cvc: '987',
      billingInfo: {
        ...malicious.billingInfo,
        cardNumber: CARD,
        paymentInfo: {
          paymentMethod: 'Credit Card',
          creditCard: { cardType: 'VISA', cardNumber: '4242 4242 4242 4242', cvc: '987' },
        },
      },
    });
    expect(card.statusCode).toBe(200);

    // A bank payment sending routing and account numbers is refused outright...
    const bankHorse = await registerHorse(t.app, t.database.db, member);
    const refused = await pay(t.app, member, bankHorse.id, {
      ...bankPayment(bankMethod.id),
      billingInfo: billingInfo('Bank', { routingNumber: ROUTING, accountNumber: ACCOUNT }),
    });
    expect(refused.statusCode).toBe(400);
    // ...and the proper one (payment method id only) goes through and settles.
    const bank = await pay(t.app, member, bankHorse.id, bankPayment(bankMethod.id));
    expect(bank.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await t.app.sandboxSweeper?.sweep();
    await t.app.mail.processOutbox();

    const rows = await everyRow();
    expect(rows).toContain(cardHorse.id); // the dump does hold the payments
    expect(rows).toMatch(/"cardType":\s*"VISA"/);
    // Timings are the only numbers of our own making in a log line; long fractions such as
    // 35.149711000000025 would otherwise "contain" the routing number by chance.
    const logs = logLines.join('').replace(/"responseTime":[\d.e+-]+/g, '"responseTime":0');
    expect(logs).toContain('/api/members/payment-process/');
    // Logged at trace level, every line a request produced: the bearer token is in none.
    expect(logs).toContain('busboyOptions');
    expect(logs).not.toContain(member);
    const files = filesUnder(dataDir);
    expect(files.some((file) => file.endsWith('.eml'))).toBe(true);
    const fileText = files
      .map((file) => readFileSync(path.join(dataDir, file)).toString('latin1'))
      .join('\n');

    for (const secret of SECRETS) {
      expect(rows, `database holds ${secret}`).not.toContain(secret);
      expect(logs, `logs hold ${secret}`).not.toContain(secret);
      expect(fileText, `DATA_DIR holds ${secret}`).not.toContain(secret);
    }
  });
});
