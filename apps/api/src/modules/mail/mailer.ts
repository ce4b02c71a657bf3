import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

/** One message ready to go out. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Delivers one message or throws; the outbox retries what throws. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

/** Sends through an SMTP server (SMTP_URL), from MAIL_FROM. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= createTransport(smtpUrl);
      await (await transport).sendMail({ from, ...message });
    },
    close: () => void transport?.then((open) => open.close()),
  };
}

/**
 * nodemailer is loaded with the first message, not at start
 * (docs/decisions/0054-server-bundled-with-esbuild.md:
 * a server at rest does not hold what it has not used).
 */
async function createTransport(
  options: string | { streamTransport: true; buffer: true },
): Promise<Transporter> {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport(options);
}

/**
 * Without SMTP_URL: each message becomes an RFC 822 `.eml` file under `dir`, and only its
 * subject is logged (the body may hold a code).
 */
export function fileMailer(dir: string, from: string, log: FastifyBaseLogger): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= createTransport({ streamTransport: true, buffer: true });
      const info = await (await transport).sendMail({ from, ...message });
      const raw = info.message as unknown as Buffer;
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const file = path.join(dir, name);
      await writeFile(file, raw, { mode: 0o600 });
      log.info({ mailSubject: message.subject, file }, 'mail written to file');
    },
  };
}

export function createMailer(
  config: { smtpUrl: string | undefined; mailFrom: string; dataDir: string },
  log: FastifyBaseLogger,
): Mailer {
  return config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom)
    : fileMailer(path.join(config.dataDir, 'mail'), config.mailFrom, log);
}
