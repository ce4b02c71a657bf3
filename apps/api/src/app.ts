import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database, type Tx } from './db/client.js';
import type { PaymentRow } from './db/schema.js';
import { ensureInitialAccounts, type GeneratedCredential } from './modules/accounts/bootstrap.js';
import { adminHorseRoutes } from './modules/admin-horses/routes.js';
import { parseMemberNumberFormat, parseRegistrationNumberFormat } from './numbering.js';
import { approvalRoutes } from './modules/approvals/routes.js';
import { changeRequestRoutes } from './modules/change-requests/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { loginWithOtp } from './modules/otp/login.js';
import { certificateRoutes } from './modules/certificates/routes.js';
import { contentPreviewRoute } from './modules/content/preview-route.js';
import { contentRoutes } from './modules/content/routes.js';
import { secretKey } from './modules/auth/tokens.js';
import { fileRoutes } from './modules/files/routes.js';
import { createUrlSigner } from './modules/files/signed-urls.js';
import { openStorage } from './modules/files/open-storage.js';
import { startOrphanSweeper } from './modules/files/orphan-sweep.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { sweepExpiredUploads } from './modules/uploads/sweep.js';
import { openTusStore } from './modules/uploads/tus-store.js';
import { horseRoutes } from './modules/horses/routes.js';
import { paidRoute } from './modules/horses/paid-route.js';
import { createMailer, type Mailer } from './modules/mail/mailer.js';
import { processOutbox, startOutboxWorker, type OutboxRun } from './modules/mail/outbox.js';
import { mailAdminRoutes } from './modules/mail/admin-routes.js';
import { officeNoticeRoutes } from './modules/mail/office-notice-routes.js';
import {
  OFFICE_DIGEST_HOUR_UTC,
  OFFICE_NOTICE_INTERVAL_MS,
  startOfficeNotices,
} from './modules/mail/office-notices.js';
import { memberManagementRoutes } from './modules/members/admin-routes.js';
import { memberAdminRoutes } from './modules/members/routes.js';
import { staffRoutes } from './modules/staff/routes.js';
import { setPasswordRoutes } from './modules/members/set-password-routes.js';
import { adminPaymentRoutes } from './modules/payments/admin-routes.js';
import { ledgerRoutes } from './modules/payments/ledger-routes.js';
import { registerLoadShedding } from './load-shedding.js';
import { createPaymentProvider } from './modules/payments/providers.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { memberHistoryRoutes } from './modules/payments/member-history-routes.js';
import { sandboxRoutes } from './modules/payments/sandbox-routes.js';
import { startChargeRecovery } from './modules/payments/recovery.js';
import { startSandboxSweeper, type SandboxSweeper } from './modules/payments/sweeper.js';
import { webhookRoutes } from './modules/payments/webhook-routes.js';
import { passwordResetRoutes } from './modules/otp/routes.js';
import { emailChangeRoutes } from './modules/otp/email-change.js';
import { CODE_REQUEST_ANSWER_MS, otpKey } from './modules/otp/service.js';
import { SECRET_THROTTLE } from './modules/auth/attempts.js';
import { createAvatarLinks } from './modules/profile/avatar-links.js';
import { avatarRoute } from './modules/profile/avatar-route.js';
import { profileRoutes } from './modules/profile/routes.js';
import { changeFeedPlugin } from './modules/read-cache/plugin.js';
import { statisticsRoutes } from './modules/statistics/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { transferRoutes } from './modules/transfers/routes.js';
import { onFeeSettled } from './modules/member-transfers/complete.js';
import { memberTransferRoutes } from './modules/member-transfers/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { pedigreeRoutes } from './modules/pedigree/routes.js';
import { breedingRoutes } from './modules/breedings/routes.js';
import { horseNameRoutes } from './modules/horse-names/routes.js';
import { draftRoutes } from './modules/drafts/routes.js';
import { assignMissingMemberNumbers } from './modules/members/member-number.js';
import { accessPlugin } from './modules/auth/access.js';
import { registerCompression } from './plugins/compression.js';
import { registerDocs } from './plugins/docs.js';
import { serializeError } from './plugins/error-log.js';
import { requestForLog } from './plugins/log-safe-url.js';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors.js';
import { registerSecurity } from './plugins/security.js';
import { registerTextGuard } from './plugins/text-guard.js';
import { registerRequestId } from './plugins/request-id.js';
import { registerWeb } from './plugins/web.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    mail: {
      mailer: Mailer;
      /** Sends every due message of the outbox now (tests drive delivery with it). */
      processOutbox(options?: { now?: Date }): Promise<OutboxRun>;
    };
    /** Sandbox only: settles due bank payments now (tests drive settling with it). */
    sandboxSweeper: SandboxSweeper | null;
  }
}

export interface BuildOptions {
  /** Use an already-open database (tests share one per file); otherwise open the configured one. */
  database?: Database;
  /** Where generated first-run passwords go; the server prints them once. */
  onGeneratedCredentials?: (credentials: GeneratedCredential[]) => void;
  /** Where log lines go (default stdout); tests read them to prove no secret is logged. */
  logStream?: NodeJS.WritableStream;
  /**
   * Whether DEMO_DATA also registers demo horses (default: yes). Tests turn it off to start
   * from members without horses.
   */
  demoHorses?: boolean;
  /** Deliver mail with this instead of SMTP / .eml files (tests). */
  mailer?: Mailer;
  /** Run the outbox worker (default: yes). Tests turn it off and call app.mail.processOutbox. */
  mailWorker?: boolean;
  /** Overrides REGISTRATION_NUMBER_FORMAT (tests). */
  registrationNumberFormat?: string;
  /**
   * Overrides the floor under code requests' and code checks' answers (CODE_REQUEST_ANSWER_MS):
   * tests of what the answers say, not of when they come, take 0 and do not sleep a quarter
   * second per request.
   */
  codeAnswerFloorMs?: number;
}

/** Log fields that must never reach a log line. */
const REDACTED = [
  'req.headers.authorization',
  'req.headers.cookie',
  // @fastify/multipart echoes the request headers at trace level.
  'busboyOptions.headers.authorization',
  'busboyOptions.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.otp',
  '*.token',
];

/** Builds the whole server. Used by server.ts and by every API test. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: REDACTED, censor: '[redacted]' },
      // Errors are logged without the values they carry (query parameters, rejected input),
      // addresses without the credentials they carry (signed links, set-password tokens).
      serializers: { err: serializeError, req: requestForLog },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    // Give clients a request id they can quote to the office when something goes wrong.
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    frameworkErrors: answerFrameworkError,
  });
  app.decorate('database', database);
  if (!options.database) app.addHook('onClose', () => database.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestId(app);
  // First of the request hooks: a refused request costs nothing more.
  await registerLoadShedding(app, { ...config.overload, queueLength: database.queueLength });
  registerTextGuard(app);
  await registerSecurity(app, {
    stripe: Boolean(config.payments.stripePublishableKey),
    redisUrl: config.redisUrl,
  });
  // Before any route: it attaches to each route as the route is added.
  await registerCompression(app);

  const key = secretKey(config.jwtSecret);
  await app.register(changeFeedPlugin, { database });
  await app.register(accessPlugin, {
    db: database.db,
    key,
    changes: app.changes,
    cacheMs: config.readCacheMs,
  });

  const mailer = options.mailer ?? createMailer(config, app.log);
  app.decorate('mail', {
    mailer,
    processOutbox: (runOptions?: { now?: Date }) =>
      processOutbox(database.db, mailer, app.log, runOptions),
  });
  const worker =
    (options.mailWorker ?? true)
      ? startOutboxWorker(database.db, mailer, app.log, 5_000, config.mailSentRetentionMs)
      : undefined;
  // preClose runs before every onClose hook, so the database is still open while it stops.
  if (worker) app.addHook('preClose', () => worker.stop());
  // Office notices only enqueue mail: they run where the outbox is sent (not in tests).
  const notices =
    worker &&
    startOfficeNotices(
      database.db,
      {
        associationName: config.associationName,
        publicUrl: config.publicUrl,
        digestHourUtc: OFFICE_DIGEST_HOUR_UTC,
      },
      app.log,
      OFFICE_NOTICE_INTERVAL_MS,
      () => worker.wake(),
    );
  if (notices) app.addHook('preClose', () => notices.stop());

  const otpSettings = {
    key: otpKey(config.jwtSecret),
    associationName: config.associationName,
    throttle: SECRET_THROTTLE,
    answerFloorMs: options.codeAnswerFloorMs ?? CODE_REQUEST_ANSWER_MS,
  };

  // REGISTRATION_NUMBER_FORMAT was checked with the rest of the configuration (config.ts).
  const registrationNumberFormat = parseRegistrationNumberFormat(
    options.registrationNumberFormat ?? config.registrationNumberFormat,
  );
  const memberNumberFormat = parseMemberNumberFormat(config.memberNumberFormat);
  const provider = await createPaymentProvider(config.payments, database.db, config.publicUrl);
  const paymentDeps = {
    db: database.db,
    provider,
    publicUrl: config.publicUrl,
    associationName: config.associationName,
    onMailQueued: () => worker?.wake(),
    // A transfer fee settling moves its member transfer on (issue 31 item 1).
    onTransferPayment: (tx: Tx, row: PaymentRow) =>
      onFeeSettled(
        tx,
        { associationName: config.associationName, publicUrl: config.publicUrl },
        row,
      ),
  };
  const sweeper =
    provider.name === 'sandbox'
      ? startSandboxSweeper(
          { ...paymentDeps, log: app.log },
          Math.min(5_000, Math.max(250, Math.floor(config.payments.sandboxBankSettleMs / 2))),
        )
      : null;
  app.decorate('sandboxSweeper', sweeper);
  if (sweeper) app.addHook('preClose', () => sweeper.stop());
  const recovery = startChargeRecovery({ ...paymentDeps, log: app.log });
  app.addHook('preClose', () => recovery.stop());

  const { storage, stop: stopSweeping } = await openStorage(config, app.log);
  app.addHook('onClose', async () => stopSweeping());
  const tus = await openTusStore(config);
  const orphans = startOrphanSweeper(database.db, storage, config.orphanMinAgeMs, app.log, () =>
    sweepExpiredUploads(database.db, storage, tus, config.uploadExpiryMs),
  );
  app.addHook('preClose', () => orphans.stop());
  const signer = createUrlSigner(config.jwtSecret);
  const avatars = createAvatarLinks(config.jwtSecret);
  const authSettings = {
    key,
    tokenTtlSeconds: config.tokenTtlSeconds,
    throttle: SECRET_THROTTLE,
    pictureUrl: avatars.url,
  };

  await app.register(
    async (api) => {
      await registerDocs(api);
      await api.register(systemRoutes, {
        database,
        associationName: config.associationName,
        payments: {
          provider: provider.name,
          stripePublishableKey: config.payments.stripePublishableKey ?? null,
        },
      });
      await api.register(authRoutes, {
        db: database.db,
        loginWithCode: (input, client) =>
          loginWithOtp(database.db, authSettings, otpSettings, input, client),
        loginPerIpPerMinute: config.rateLimits.loginPerIpPerMinute,
        settings: authSettings,
      });
      await api.register(memberAdminRoutes, { db: database.db });
      await api.register(memberManagementRoutes, {
        db: database.db,
        memberNumbers: memberNumberFormat,
        publicUrl: config.publicUrl,
        associationName: config.associationName,
        onMailQueued: () => worker?.wake(),
      });
      await api.register(setPasswordRoutes, { db: database.db });
      await api.register(staffRoutes, {
        db: database.db,
        publicUrl: config.publicUrl,
        associationName: config.associationName,
        onMailQueued: () => worker?.wake(),
      });
      await api.register(passwordResetRoutes, {
        db: database.db,
        settings: otpSettings,
        onMailQueued: () => worker?.wake(),
        sendPerIpPerMinute: 10,
        verifyPerIpPerMinute: 30,
      });
      await api.register(emailChangeRoutes, {
        db: database.db,
        settings: otpSettings,
        pictureUrl: avatars.url,
        onMailQueued: () => worker?.wake(),
        sendPerIpPerMinute: 10,
        verifyPerIpPerMinute: 30,
      });
      await api.register(profileRoutes, { db: database.db, storage, auth: authSettings });
      await api.register(horseRoutes, {
        db: database.db,
        storage,
        signer,
        cacheMs: config.readCacheMs,
      });
      await api.register(uploadRoutes, { db: database.db, storage, tus });
      await api.register(paymentRoutes, paymentDeps);
      await api.register(adminPaymentRoutes, paymentDeps);
      await api.register(ledgerRoutes, paymentDeps);
      await api.register(memberHistoryRoutes, {
        db: database.db,
        associationName: config.associationName,
      });
      await api.register(webhookRoutes, {
        ...paymentDeps,
        webhookSecret: config.payments.stripeWebhookSecret,
      });
      if (sweeper) await api.register(sandboxRoutes, paymentDeps);
      await api.register(adminHorseRoutes, { db: database.db, storage, signer });
      await api.register(officeNoticeRoutes, { db: database.db });
      await api.register(mailAdminRoutes, {
        db: database.db,
        onMailQueued: () => worker?.wake(),
      });
      await api.register(approvalRoutes, {
        db: database.db,
        signer,
        format: registrationNumberFormat,
        associationName: config.associationName,
        onMailQueued: () => worker?.wake(),
      });
      await api.register(changeRequestRoutes, {
        db: database.db,
        associationName: config.associationName,
        onMailQueued: () => worker?.wake(),
      });
      await api.register(transferRoutes, {
        db: database.db,
        associationName: config.associationName,
        onMailQueued: () => worker?.wake(),
      });
      await api.register(memberTransferRoutes, paymentDeps);
      await api.register(settingsRoutes, { db: database.db });
      await api.register(statisticsRoutes, { db: database.db });
      await api.register(horseNameRoutes, { db: database.db });
      await api.register(pedigreeRoutes, { db: database.db });
      await api.register(breedingRoutes, {
        db: database.db,
        associationName: config.associationName,
      });
      await api.register(draftRoutes, { db: database.db });
      await api.register(paidRoute, { db: database.db });
      await api.register(contentRoutes, { db: database.db });
      await api.register(contentPreviewRoute);
      await api.register(certificateRoutes, {
        db: database.db,
        publicUrl: config.publicUrl,
        associationName: config.associationName,
      });
    },
    { prefix: '/api' },
  );
  await app.register(fileRoutes, { db: database.db, storage, signer });
  await app.register(avatarRoute, { storage, links: avatars });
  await registerWeb(app, config.webDir);

  const generated = await ensureInitialAccounts(database.db, {
    adminEmail: config.adminEmail,
    adminPassword: config.adminPassword,
    demoData: config.demoData,
    demoPassword: config.demoPassword,
    demoHorses:
      (options.demoHorses ?? true)
        ? {
            db: database.db,
            storage,
            signer,
            log: app.log,
            registrationNumbers: registrationNumberFormat,
          }
        : undefined,
  });
  if (generated.length > 0) options.onGeneratedCredentials?.(generated);
  // Members created before numbers were automatic get theirs (a no-op once all have one).
  await assignMissingMemberNumbers(database.db, memberNumberFormat);

  await app.ready();
  return app;
}
