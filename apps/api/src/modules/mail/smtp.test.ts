import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { smtpMailer } from './mailer.js';
import { enqueueMail, processOutbox, retryDelayMs } from './outbox.js';
import { otpMail } from './templates.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The smallest SMTP server nodemailer will talk to: accepts every message, keeps its data. */
function fakeSmtp(port: number, received: string[]): Promise<Server> {
  const server = createServer((socket) => {
    let inData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += String(chunk);
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith('EHLO')) socket.write('250-fake\r\n250 8BITMIME\r\n');
        else if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('SMTP delivery', () => {
  it('keeps the message while the SMTP server is down and sends it when it is back', async () => {
    const port = await freePort();
    const mailer = smtpMailer(`smtp://127.0.0.1:${port}`, 'Registry <no-reply@example.org>');
    await enqueueMail(t.database.db, otpMail('smtp@example.org', 'Assoc', 'login', '424242', 10));
    const now = Date.now();
    expect(await processOutbox(t.database.db, mailer, undefined, { now: new Date(now) })).toEqual({
      sent: 0,
      failed: 1,
    });

    const received: string[] = [];
    const server = await fakeSmtp(port, received);
    try {
      const later = new Date(now + retryDelayMs(1));
      expect(await processOutbox(t.database.db, mailer, undefined, { now: later })).toEqual({
        sent: 1,
        failed: 0,
      });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatch(/^Subject: Assoc: your sign-in code$/m);
      expect(received[0]).toContain('424242');
    } finally {
      mailer.close?.();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
