import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { z } from 'zod';
import { DEFAULT_ASSOCIATION_NAME, PASSWORD_MIN_LENGTH, EMAIL_PATTERN } from '@registry/domain';
import { parseMemberNumberFormat, parseRegistrationNumberFormat } from './numbering.js';

/** Everything the server needs, already checked. Built from the environment by `loadConfig`. */
/** The standard AWS variables, used when STORAGE_URL carries no key of its own. */
export interface AwsEnvironment {
  accessKeyId?: string;
  secretAccessKey?: string;
  sessionToken?: string;
  region?: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Uploaded files: DATA_DIR/uploads, outside any folder the web server serves. */
  uploadsDir: string;
  /** An S3-compatible bucket for uploads (see modules/files/s3-storage.ts); uploads stage locally. */
  storageUrl: string | undefined;
  /** AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, AWS_REGION for the bucket. */
  storageAws: AwsEnvironment;
  /** Staged uploads untouched this long belong to a dead request and are swept. */
  stagingStaleMs: number;
  /** Committed uploads no row references are removed once committed at least this long ago. */
  orphanMinAgeMs: number;
  /** A resumable upload no save has attached expires once untouched this long (modules/uploads). */
  uploadExpiryMs: number;
  /** PostgreSQL connection string; undefined means the embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** REDIS_URL: per-address rate limits are counted there, shared by every server; else in memory. */
  redisUrl: string | undefined;
  /** How long session checks and horse lists may be served from memory (0: never). */
  readCacheMs: number;
  /**
   * Load shedding (docs/operations.md "Overload", apps/api/src/load-shedding.ts): past any of
   * these limits new API requests are turned away with 503 and Retry-After.
   */
  overload: OverloadConfig;
  adminEmail: string;
  adminPassword: string | undefined;
  demoData: boolean;
  demoPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Sent mail rows are deleted once this old (MAIL_SENT_RETENTION_DAYS). */
  mailSentRetentionMs: number;
  /** REGISTRATION_NUMBER_FORMAT, already checked. */
  registrationNumberFormat: string;
  /** MEMBER_NUMBER_FORMAT, already checked: numbers given to new and imported members. */
  memberNumberFormat: string;
  publicUrl: string;
  associationName: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Honour X-Forwarded-* from a reverse proxy (needed for client IPs and HTTPS detection). */
  trustProxy: boolean;
  jwtSecret: string;
  tokenTtlSeconds: number;
  /** Built web app to serve; undefined serves the API alone. */
  webDir: string | undefined;
  payments: PaymentsConfig;
  rateLimits: {
    /** Sign-in requests per IP per minute (waits per account: modules/auth/attempts.ts). */
    loginPerIpPerMinute: number;
  };
}

export interface OverloadConfig {
  /** OVERLOAD_MAX_LAG_MS: event-loop delay, in the request's turn or the mean over 100 ms. */
  maxLagMs: number;
  /** OVERLOAD_MAX_QUEUE: queries waiting for one of the PostgreSQL pool's connections. */
  maxQueue: number;
  /** OVERLOAD_MAX_IN_FLIGHT: API requests being answered at once. */
  maxInFlight: number;
  /** OVERLOAD_MAX_HEAP_MB, in bytes: heap in use (default 85 % of the process's heap limit). */
  maxHeapBytes: number;
  /** OVERLOAD_RETRY_AFTER_SECONDS: the refusal's Retry-After. */
  retryAfterSeconds: number;
}

/** Stripe when a secret key is set, else the built-in sandbox (DESIGN §6). */
export interface PaymentsConfig {
  stripeSecretKey: string | undefined;
  stripePublishableKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** Where stripe-node sends its requests; set only for tests and local fakes of the Stripe API. */
  stripeApi: { host?: string; port?: number; protocol?: 'http' | 'https' };
  /** How long a sandbox bank payment stays `processing` before it settles. */
  sandboxBankSettleMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/**
 * An optional whole number from `min` (to `max`), counted in `unit`: the message says so, e.g.
 * "must be a whole number of seconds, at least 1".
 */
function wholeNumber(unit: string | null, min: number, max?: number) {
  const range = max === undefined ? `, at least ${min}` : ` between ${min} and ${max}`;
  return optionalText.refine(
    (value) =>
      value === undefined ||
      (/^\d+$/.test(value) && Number(value) >= min && (max === undefined || Number(value) <= max)),
    `must be a whole number${unit ? ` of ${unit}` : ''}${range}`,
  );
}

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''], {
    error: 'must be 1 or 0 (or true/false)',
  })
  .optional()
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const envSchema = z.object({
  PORT: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? '3000' : value.trim()))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, 'must be a whole number between 1 and 65535')
        .transform(Number)
        .refine((n) => n >= 1 && n <= 65535, 'must be a whole number between 1 and 65535'),
    ),
  HOST: optionalText,
  DATA_DIR: optionalText,
  DATABASE_URL: optionalText.refine(
    (value) => value === undefined || /^postgres(ql)?:\/\/.+/.test(value),
    'must be a postgres:// or postgresql:// connection string',
  ),
  REDIS_URL: optionalText.refine(
    (value) => value === undefined || /^rediss?:\/\/.+/.test(value),
    'must be a redis:// or rediss:// URL',
  ),
  ADMIN_EMAIL: optionalText.refine(
    (value) => value === undefined || EMAIL_PATTERN.test(value),
    'must be an email address',
  ),
  ADMIN_PASSWORD: optionalText.refine(
    (value) => value === undefined || value.length >= PASSWORD_MIN_LENGTH,
    `must be at least ${PASSWORD_MIN_LENGTH} characters`,
  ),
  DEMO_DATA: booleanFlag,
  DEMO_PASSWORD: optionalText.refine(
    (value) => value === undefined || value.length >= PASSWORD_MIN_LENGTH,
    `must be at least ${PASSWORD_MIN_LENGTH} characters`,
  ),
  SMTP_URL: optionalText.refine(
    (value) => value === undefined || /^smtps?:\/\/.+/.test(value),
    'must be an smtp:// or smtps:// URL',
  ),
  MAIL_FROM: optionalText.refine(
    (value) => value === undefined || /^([^<>]*<[^<>\s]+@[^<>\s]+>|[^<>\s]+@[^<>\s]+)$/.test(value),
    'must be an address, optionally with a name: Registry <registry@example.org>',
  ),
  MAIL_SENT_RETENTION_DAYS: wholeNumber('days', 1),
  REGISTRATION_NUMBER_FORMAT: optionalText.refine((value) => {
    try {
      parseRegistrationNumberFormat(value);
      return true;
    } catch {
      return false;
    }
  }, 'must hold exactly one {SEQ} or {SEQ:n}, optionally {YYYY}, {YY} or {MM}, and otherwise only letters, digits, spaces and . _ / # -'),
  MEMBER_NUMBER_FORMAT: optionalText.refine((value) => {
    try {
      parseMemberNumberFormat(value);
      return true;
    } catch {
      return false;
    }
  }, 'must hold exactly one {SEQ} or {SEQ:n}, optionally {YYYY}, {YY} or {MM}, and otherwise only letters, digits, spaces and . _ / # -'),
  AWS_ACCESS_KEY_ID: optionalText,
  AWS_SECRET_ACCESS_KEY: optionalText,
  AWS_SESSION_TOKEN: optionalText,
  AWS_REGION: optionalText,
  AWS_DEFAULT_REGION: optionalText,
  PUBLIC_URL: optionalText.refine(
    (value) => value === undefined || /^https?:\/\/[^\s]+$/.test(value),
    'must be an http:// or https:// URL',
  ),
  ASSOCIATION_NAME: optionalText,
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent', ''], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .optional(),
  TRUST_PROXY: booleanFlag,
  JWT_SECRET: optionalText.refine(
    (value) => value === undefined || value.length >= 32,
    'must be at least 32 characters',
  ),
  TOKEN_TTL_MINUTES: z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? '720' : value.trim()))
    .pipe(
      z
        .string()
        .regex(/^\d+$/, 'must be a whole number of minutes')
        .transform(Number)
        .refine((n) => n >= 1, 'must be at least 1'),
    ),
  WEB_DIR: optionalText,
  STRIPE_SECRET_KEY: optionalText.refine(
    (value) => value === undefined || /^(sk|rk)_(test|live)_\S+$/.test(value),
    'must be a Stripe secret key (sk_test_..., sk_live_... or a restricted rk_ key)',
  ),
  STRIPE_PUBLISHABLE_KEY: optionalText.refine(
    (value) => value === undefined || /^pk_(test|live)_\S+$/.test(value),
    'must be a Stripe publishable key (pk_test_... or pk_live_...)',
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.refine(
    (value) => value === undefined || /^whsec_\S+$/.test(value),
    'must be a Stripe webhook signing secret (whsec_...)',
  ),
  STRIPE_API_HOST: optionalText,
  STRIPE_API_PORT: optionalText.refine(
    (value) => value === undefined || (/^\d+$/.test(value) && Number(value) <= 65535),
    'must be a whole number between 1 and 65535',
  ),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https', ''], { error: 'must be http or https' }).optional(),
  /** Asks for the test-mode sandbox explicitly; required for it when NODE_ENV=production. */
  PAYMENTS_SANDBOX: booleanFlag,
  NODE_ENV: optionalText,
  SANDBOX_BANK_SETTLE_MS: optionalText.refine(
    (value) => value === undefined || /^\d+$/.test(value),
    'must be a whole number of milliseconds',
  ),
  STORAGE_URL: optionalText.refine(
    (value) =>
      value === undefined ||
      /^s3(\+http)?:\/\/([^:@/\s]+:[^@/\s]+@)?[^@/\s]+\/[^/\s?]+/.test(value),
    'must look like s3://KEY:SECRET@host/bucket or s3://host/bucket (or s3+http:// for a local server)',
  ),
  UPLOAD_STAGING_STALE_SECONDS: wholeNumber('seconds', 1),
  UPLOAD_ORPHAN_AGE_SECONDS: wholeNumber('seconds', 1),
  UPLOAD_EXPIRY_HOURS: wholeNumber('hours', 1),
  READ_CACHE_SECONDS: wholeNumber('seconds', 0, 3600),
  LOGIN_RATE_LIMIT_PER_MINUTE: wholeNumber(null, 1),
  OVERLOAD_MAX_LAG_MS: wholeNumber('milliseconds', 50),
  OVERLOAD_MAX_QUEUE: wholeNumber(null, 1),
  OVERLOAD_MAX_IN_FLIGHT: wholeNumber(null, 1),
  OVERLOAD_MAX_HEAP_MB: wholeNumber('megabytes', 64),
  OVERLOAD_RETRY_AFTER_SECONDS: wholeNumber('seconds', 1, 3600),
});

const STRIPE_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
] as const;

/**
 * Stripe needs all three of its variables (a missing webhook secret would leave bank debits
 * unsettled); a production server never falls back to the sandbox silently (docs/operations.md).
 */
function paymentSetupProblems(
  e: Partial<Record<(typeof STRIPE_VARIABLES)[number], string>> & {
    PAYMENTS_SANDBOX: boolean;
    NODE_ENV?: string;
  },
): string[] {
  const set = STRIPE_VARIABLES.filter((name) => e[name] !== undefined);
  if (set.length > 0 && set.length < STRIPE_VARIABLES.length) {
    const missing = STRIPE_VARIABLES.filter((name) => e[name] === undefined);
    return [
      `${missing.join(', ')} must be set as well: the Stripe variables go together (all three or none)`,
    ];
  }
  if (set.length > 0 && e.PAYMENTS_SANDBOX) {
    return ['PAYMENTS_SANDBOX must not be set together with the Stripe keys'];
  }
  if (set.length === 0 && e.NODE_ENV === 'production' && !e.PAYMENTS_SANDBOX) {
    return [
      'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are required when NODE_ENV=production (or set PAYMENTS_SANDBOX=1 to take test payments only)',
    ];
  }
  return [];
}

/**
 * Rules between variables: mail needs a sender once it really goes out, and a bucket needs a
 * key pair from its URL or from the AWS variables (docs/operations.md).
 */
function operationProblems(e: {
  SMTP_URL?: string;
  MAIL_FROM?: string;
  STORAGE_URL?: string;
  AWS_ACCESS_KEY_ID?: string;
  AWS_SECRET_ACCESS_KEY?: string;
  AWS_SESSION_TOKEN?: string;
}): string[] {
  const problems: string[] = [];
  if (e.SMTP_URL && !e.MAIL_FROM) {
    problems.push(
      'MAIL_FROM must be set when SMTP_URL is: the address mail comes from, on a domain whose SPF/DKIM allow this server (docs/operations.md)',
    );
  }
  if (Boolean(e.AWS_ACCESS_KEY_ID) !== Boolean(e.AWS_SECRET_ACCESS_KEY)) {
    problems.push('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together (both or neither)');
  }
  if (e.AWS_SESSION_TOKEN && !e.AWS_ACCESS_KEY_ID) {
    problems.push('AWS_SESSION_TOKEN needs AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY');
  }
  if (e.STORAGE_URL && !/:\/\/[^@/]+@/.test(e.STORAGE_URL) && !e.AWS_ACCESS_KEY_ID) {
    problems.push(
      'STORAGE_URL has no access key: put KEY:SECRET@ in it or set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY',
    );
  }
  return problems;
}

/** Every variable the configuration reads (.env.example lists each one; config-rules.test). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape);

/** Where relative paths are taken from: the directory `npm start` was typed in. */
function baseDirectory(env: NodeJS.ProcessEnv): string {
  return env.INIT_CWD ?? process.cwd();
}

/**
 * Reads and checks the environment. Throws ConfigError listing one clear line per bad value,
 * never echoing a secret back.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  defaults: Partial<Config> = {},
): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `${name} ${issue.message}`;
    });
    throw new ConfigError([...new Set(problems)]);
  }
  const e = parsed.data;
  const paymentProblems = paymentSetupProblems(e);
  if (paymentProblems.length > 0) throw new ConfigError(paymentProblems);
  const crossFieldProblems = operationProblems(e);
  if (crossFieldProblems.length > 0) throw new ConfigError(crossFieldProblems);
  const base = baseDirectory(env);
  const dataDir = path.resolve(base, e.DATA_DIR ?? 'data');
  const port = e.PORT;
  return {
    port,
    host: e.HOST ?? '127.0.0.1',
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    storageUrl: e.STORAGE_URL,
    storageAws: {
      ...(e.AWS_ACCESS_KEY_ID ? { accessKeyId: e.AWS_ACCESS_KEY_ID } : {}),
      ...(e.AWS_SECRET_ACCESS_KEY ? { secretAccessKey: e.AWS_SECRET_ACCESS_KEY } : {}),
      ...(e.AWS_SESSION_TOKEN ? { sessionToken: e.AWS_SESSION_TOKEN } : {}),
      ...((e.AWS_REGION ?? e.AWS_DEFAULT_REGION)
        ? { region: e.AWS_REGION ?? e.AWS_DEFAULT_REGION }
        : {}),
    },
    stagingStaleMs: Number(e.UPLOAD_STAGING_STALE_SECONDS ?? '900') * 1000,
    orphanMinAgeMs: Number(e.UPLOAD_ORPHAN_AGE_SECONDS ?? '3600') * 1000,
    uploadExpiryMs: Number(e.UPLOAD_EXPIRY_HOURS ?? '24') * 3_600_000,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    readCacheMs: Number(e.READ_CACHE_SECONDS ?? '30') * 1000,
    overload: {
      maxLagMs: Number(e.OVERLOAD_MAX_LAG_MS ?? '200'),
      maxQueue: Number(e.OVERLOAD_MAX_QUEUE ?? '100'),
      maxInFlight: Number(e.OVERLOAD_MAX_IN_FLIGHT ?? '100'),
      maxHeapBytes: e.OVERLOAD_MAX_HEAP_MB
        ? Number(e.OVERLOAD_MAX_HEAP_MB) * 2 ** 20
        : Math.floor(getHeapStatistics().heap_size_limit * 0.85),
      retryAfterSeconds: Number(e.OVERLOAD_RETRY_AFTER_SECONDS ?? '2'),
    },
    adminEmail: (e.ADMIN_EMAIL ?? 'admin@example.org').toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    demoData: e.DEMO_DATA,
    demoPassword: e.DEMO_PASSWORD,
    smtpUrl: e.SMTP_URL,
    // Without SMTP_URL mail only goes to files under DATA_DIR/mail, so a placeholder sender is fine.
    mailFrom: e.MAIL_FROM ?? 'Gaited Horse Registry <no-reply@localhost>',
    mailSentRetentionMs: Number(e.MAIL_SENT_RETENTION_DAYS ?? '30') * 86_400_000,
    registrationNumberFormat: parseRegistrationNumberFormat(e.REGISTRATION_NUMBER_FORMAT).source,
    memberNumberFormat: parseMemberNumberFormat(e.MEMBER_NUMBER_FORMAT).source,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    associationName: e.ASSOCIATION_NAME ?? DEFAULT_ASSOCIATION_NAME,
    logLevel: e.LOG_LEVEL || 'info',
    trustProxy: e.TRUST_PROXY,
    jwtSecret: e.JWT_SECRET ?? '',
    tokenTtlSeconds: e.TOKEN_TTL_MINUTES * 60,
    webDir: e.WEB_DIR ? path.resolve(base, e.WEB_DIR) : undefined,
    payments: {
      stripeSecretKey: e.STRIPE_SECRET_KEY,
      stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      stripeApi: {
        ...(e.STRIPE_API_HOST ? { host: e.STRIPE_API_HOST } : {}),
        ...(e.STRIPE_API_PORT ? { port: Number(e.STRIPE_API_PORT) } : {}),
        ...(e.STRIPE_API_PROTOCOL ? { protocol: e.STRIPE_API_PROTOCOL } : {}),
      },
      sandboxBankSettleMs: Number(e.SANDBOX_BANK_SETTLE_MS ?? '15000'),
    },
    rateLimits: {
      loginPerIpPerMinute: Number(e.LOGIN_RATE_LIMIT_PER_MINUTE ?? '20'),
    },
    ...defaults,
  };
}

interface StoredSecrets {
  jwtSecret: string;
}

/**
 * Fills in secrets the operator did not set: generated once into DATA_DIR/secrets.json
 * (owner-only permissions) so tokens survive a restart.
 */
export function withGeneratedSecrets(config: Config): Config {
  if (config.jwtSecret) return config;
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(config.dataDir, 'secrets.json');
  let secrets: StoredSecrets | undefined;
  if (existsSync(file)) {
    secrets = JSON.parse(readFileSync(file, 'utf8')) as StoredSecrets;
  }
  if (!secrets?.jwtSecret) {
    secrets = { jwtSecret: randomBytes(48).toString('base64url') };
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return { ...config, jwtSecret: secrets.jwtSecret };
}
