import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  type AnyPgColumn,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  APPROVAL_STATUSES,
  BREEDING_METHODS,
  BREEDING_REPORT_STATUSES,
  CHANGE_REQUEST_STATUSES,
  HORSE_FILE_KINDS,
  PAYMENT_RECORD_STATUSES,
  PAYMENT_STATUSES,
  REFUND_STATUSES,
  OFFICE_NOTICE_CHOICES,
  STAFF_ROLES,
  MEMBER_TRANSFER_STATUSES,
  TRANSFER_FEE_PAYERS,
  type FieldChange,
  type HorseFileKind,
  type MemberTransferStatus,
} from '@registry/domain';
import type { HorseDetails, HorseRecordValues } from './horse-details.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A CHECK that `column` holds one of `values`, written from the same list as the column's type
 * (the statuses come from the domain's contract/statuses.ts,
 * docs/decisions/0074-answer-schemas-in-the-domain-contract.md).
 */
const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`);

/** Trigram index on lower(column): serves the contains-search (`like '%q%'`) of the search page. */
const trigram = (name: string, column: Parameters<typeof sql>[1]) =>
  index(name).using('gin', sql`lower(${column}) gin_trgm_ops`);

/**
 * The texts the searches look in, one line per field (a newline never occurs in a field, and the
 * searched text has none: list-paging.ts `containsPattern`), each indexed whole by one
 * trigram index so a search is one index lookup whatever it matches
 * (docs/decisions/0088-one-trigram-index-per-search.md). The queries use these same functions:
 * PostgreSQL uses an expression index only for the identical expression.
 */
type Columns<T extends string> = Record<T, AnyPgColumn>;
export const memberNameEmailText = (t: Columns<'firstName' | 'lastName' | 'email'>) =>
  sql`lower(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || chr(10) || ${t.email})`;
/** Every name a horse has or may get, its number and its parents: the office's and owner's search. */
export const horseSearchText = (
  t: Columns<
    | 'approvedName'
    | 'firstChoice'
    | 'secondChoice'
    | 'thirdChoice'
    | 'registrationNumber'
    | 'sireName'
    | 'damName'
  >,
) =>
  sql`lower(coalesce(${t.approvedName}, '') || chr(10) || ${t.firstChoice} || chr(10) || ${t.secondChoice} || chr(10) || ${t.thirdChoice} || chr(10) || coalesce(${t.registrationNumber}, '') || chr(10) || ${t.sireName} || chr(10) || ${t.damName})`;
/** What the members' registry search finds an approved horse by: its name, number and parents. */
export const publicSearchText = (
  t: Columns<'approvedName' | 'registrationNumber' | 'sireName' | 'damName'>,
) =>
  sql`lower(coalesce(${t.approvedName}, '') || chr(10) || coalesce(${t.registrationNumber}, '') || chr(10) || ${t.sireName} || chr(10) || ${t.damName})`;

/**
 * The searches' Breeder field: the breeder as typed on the form (`details.bredBy`, public).
 * Indexed whole by a trigram index, like the texts above.
 */
export const bredByText = (t: Columns<'details'>) =>
  sql`lower(coalesce(${t.details} ->> 'bredBy', ''))`;
/**
 * The searches' Owner field: the names of the horse's recorded owners (`details.owners[].name`,
 * the names the verify page shows), as one JSON text, indexed by a trigram index. Only the
 * names: addresses and emails of the owners are not searchable.
 */
export const ownerNamesText = (t: Columns<'details'>) =>
  sql`lower(jsonb_path_query_array(${t.details}, '$.owners[*].name')::text)`;

/** Administrators and members. Emails are stored lower-cased (see normalizeEmail). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    role: text('role', { enum: ['admin', 'member'] }).notNull(),
    /** argon2id PHC string; null until a password is set (for example, a member invited by email). */
    passwordHash: text('password_hash'),
    active: boolean('active').notNull().default(true),
    /** Bumped on deactivation and password change: every token carrying an older value is dead. */
    tokenVersion: integer('token_version').notNull().default(0),
    memberNumber: text('member_number').unique(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    profilePicture: text('profile_picture'),
    /**
     * Office staff: how they hear of new work (registrations, resubmissions, change requests,
     * failed payments): a mail at once, one daily digest, or none (mail/office-notices.ts).
     */
    officeNotices: text('office_notices', { enum: OFFICE_NOTICE_CHOICES })
      .notNull()
      .default('immediate'),
    /**
     * Office accounts: what they may do (domain admin/staff.ts, issue 29 §1); null for members.
     * An office account without one may do nothing (modules/auth/staff-policy.ts fails closed).
     */
    staffRole: text('staff_role', { enum: STAFF_ROLES }),
    /**
     * When an administrator removed this office account. The row stays (inactive) so history and
     * audit entries keep naming who acted; the Staff page no longer lists it.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('admin', 'member')`),
    oneOf('users_staff_role_check', t.staffRole, STAFF_ROLES),
    check('users_staff_role_office_check', sql`${t.staffRole} is null or ${t.role} = 'admin'`),
    oneOf('users_office_notices_check', t.officeNotices, OFFICE_NOTICE_CHOICES),
    // The office's searches: a horse's owner by name or email, members by name, email, city or
    // number, each a trigram lookup rather than a scan of every member.
    index('users_name_email_trgm_idx').using('gin', sql`${memberNameEmailText(t)} gin_trgm_ops`),
    // The Staff page (office accounts not removed, by name) without reading every member.
    index('users_staff_name_idx')
      .on(t.firstName, t.lastName, t.email)
      .where(sql`${t.role} = 'admin' and ${t.removedAt} is null`),
    // The Members list in its default order (last name, first name, as `listMembers` sorts).
    index('users_member_name_idx')
      .on(
        sql`(coalesce(${t.lastName}, '') collate "und-x-icu")`,
        sql`(coalesce(${t.firstName}, '') collate "und-x-icu")`,
        t.id,
      )
      .where(sql`${t.role} = 'member'`),
    // A search whose text is a member's whole last name ("walker"), those members in name order:
    // the first part of `listMembers`'s search (docs/decisions/0122-members-search-at-scale.md).
    index('users_member_last_name_idx')
      .on(
        sql`lower(coalesce(${t.lastName}, ''))`,
        sql`(coalesce(${t.lastName}, '') collate "und-x-icu")`,
        sql`(coalesce(${t.firstName}, '') collate "und-x-icu")`,
        t.id,
      )
      .where(sql`${t.role} = 'member'`),
    trigram('users_city_trgm_idx', sql`coalesce(${t.city}, '')`),
    trigram('users_member_number_trgm_idx', sql`coalesce(${t.memberNumber}, '')`),
  ],
);

/** One row per sign-in; a token is honoured only while its session row is open. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: inet('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Who did what, when, from where. Append-only; never holds passwords, tokens or codes. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    /** What the action was about: a user id, an email address tried at sign-in, a horse id. */
    subject: text('subject'),
    success: boolean('success').notNull(),
    ip: inet('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.action, t.subject, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
  ],
);

export type { ApprovalStatus, PaymentStatus, PaymentRecordStatus } from '@registry/domain';

/**
 * Horse registrations. Columns hold what lists, search and approval filter or sort on; the rest
 * of the registration (pedigree, markings, owners, other registries, DNA...) is `details`,
 * written only after the domain schema accepted it. Files live in `horse_files`.
 */
export const horses = pgTable(
  'horses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Restrict: a member's horses must be transferred or deleted (with their files) first.
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    approvedName: text('approved_name'),
    firstChoice: text('first_choice').notNull(),
    secondChoice: text('second_choice').notNull(),
    thirdChoice: text('third_choice').notNull(),
    registrationNumber: text('registration_number').unique(),
    /** Why the registry refused it; shown to the owner. */
    rejectionReason: text('rejection_reason'),
    /** When and by whom the horse was approved or rejected. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    approvalStatus: text('approval_status', { enum: APPROVAL_STATUSES })
      .notNull()
      .default('pending'),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('unpaid'),
    paymentMode: text('payment_mode'),
    verified: text('verified').notNull().default('No'),
    /**
     * Set by migration 0007 on approved horses whose name an earlier approved horse already
     * carried (approved before names had to be unique); only these escape the unique name index.
     */
    legacyDuplicateName: boolean('legacy_duplicate_name').notNull().default(false),
    /**
     * How many times the horse changed owner. Download links are signed for owner and count,
     * so a transfer back to an earlier owner does not revive that owner's old links.
     */
    ownerEpoch: integer('owner_epoch').notNull().default(0),
    /**
     * The record's revision: raised by every change of what the office reviews (record, files,
     * names, owner of record, decision). A decision names the revision it was made on and is
     * refused (409) when the horse has moved on (docs/api.md "Approvals"). Payments do not raise
     * it: the approval reads the payment state itself.
     */
    version: integer('version').notNull().default(1),
    sex: text('sex').notNull(),
    color: text('color').notNull(),
    gaitDesignation: text('gait_designation').notNull().default(''),
    stateFoaledIn: text('state_foaled_in').notNull(),
    sireName: text('sire_name').notNull().default(''),
    damName: text('dam_name').notNull().default(''),
    /**
     * The registered sire and dam, when the register knows them (a foal registered from a
     * breeding report, or linked by the office). The typed names above stay what the owner
     * entered; these links carry offspring lists and pedigrees deeper than the form's three
     * generations. Set null when the parent's record is deleted. These two keys and
     * `breedingMareId`'s are DEFERRABLE (migration 0026, written by hand: drizzle-kit does not
     * model it), so a restore can insert a foal before its sire; recreating them would lose it.
     */
    sireHorseId: uuid('sire_horse_id').references((): AnyPgColumn => horses.id, {
      onDelete: 'set null',
    }),
    damHorseId: uuid('dam_horse_id').references((): AnyPgColumn => horses.id, {
      onDelete: 'set null',
    }),
    foalDate: date('foal_date', { mode: 'string' }).notNull(),
    /**
     * The reported breeding the foal was registered from (a stallion breeding report's line),
     * chosen on the form and checked by the server; set null if the line goes.
     */
    breedingMareId: uuid('breeding_mare_id').references((): AnyPgColumn => breedingReportMares.id, {
      onDelete: 'set null',
    }),
    /**
     * Decided by the server at registration and at each edit before approval: no stallion
     * breeding report names the foal's sire and dam with a fitting date (the office's flag).
     */
    noBreedingReport: boolean('no_breeding_report').notNull().default(false),
    details: jsonb('details').$type<HorseDetails>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('horses_approval_status_check', t.approvalStatus, APPROVAL_STATUSES),
    oneOf('horses_payment_status_check', t.paymentStatus, PAYMENT_STATUSES),
    // One index per order a list pages through, ending in id like the order itself, so a page
    // is the first rows of an index scan
    // (docs/decisions/0087-indexes-and-bounded-counts-for-large-registers.md).
    index('horses_owner_created_idx').on(t.ownerId, t.createdAt, t.id),
    index('horses_status_created_idx').on(t.approvalStatus, t.createdAt, t.id),
    index('horses_payment_created_idx').on(t.paymentStatus, t.createdAt, t.id),
    index('horses_created_idx').on(t.createdAt, t.id),
    index('horses_updated_idx').on(t.updatedAt, t.id),
    index('horses_name_sort_idx').on(
      sql`lower(coalesce(${t.approvedName}, ${t.firstChoice}))`,
      t.id,
    ),
    // The members' search in name order. Sire and dam ride along (after id: they order
    // nothing) so the searched text of an approved horse can be checked from the index alone
    // while the page walks it (an index-only scan), not one heap row at a time
    // (docs/decisions/0112-scale-reads-at-a-million.md).
    index('horses_registry_name_idx')
      .on(t.approvedName, t.registrationNumber, t.id, t.sireName, t.damName)
      .where(sql`${t.approvalStatus} = 'approved'`),
    // Searches of one or two characters are name prefixes, which trigrams cannot serve: the
    // members' (approved names) and the office's (the name its list sorts by), each a range of
    // a pattern-ops index (like 'st%'), the members' already in its answer's order.
    index('horses_registry_prefix_idx')
      .on(sql`lower(${t.approvedName}) text_pattern_ops`, t.registrationNumber, t.id)
      .where(sql`${t.approvalStatus} = 'approved'`),
    index('horses_name_prefix_idx').on(
      sql`lower(coalesce(${t.approvedName}, ${t.firstChoice})) text_pattern_ops`,
      t.id,
    ),
    index('horses_search_trgm_idx').using('gin', sql`${horseSearchText(t)} gin_trgm_ops`),
    index('horses_registry_search_trgm_idx')
      .using('gin', sql`${publicSearchText(t)} gin_trgm_ops`)
      .where(sql`${t.approvalStatus} = 'approved'`),
    trigram('horses_approved_name_trgm_idx', t.approvedName),
    // Approved names are unique ignoring case and whitespace
    // (docs/decisions/0050-unique-names-and-registry-member-numbers.md).
    uniqueIndex('horses_approved_name_unique_idx')
      .on(sql`lower(regexp_replace(${t.approvedName}, '[[:space:]]', '', 'g'))`)
      .where(sql`${t.approvalStatus} = 'approved' and not ${t.legacyDuplicateName}`),
    trigram('horses_registration_number_trgm_idx', t.registrationNumber),
    trigram('horses_sire_name_trgm_idx', t.sireName),
    trigram('horses_dam_name_trgm_idx', t.damName),
    index('horses_sire_horse_idx')
      .on(t.sireHorseId)
      .where(sql`${t.sireHorseId} is not null`),
    index('horses_dam_horse_idx')
      .on(t.damHorseId)
      .where(sql`${t.damHorseId} is not null`),
    // The office's "no breeding report" filter, newest first like its list.
    index('horses_no_breeding_report_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.noBreedingReport}`),
    // A report line's foals (report answers count them; a line with foals stays).
    index('horses_breeding_mare_idx')
      .on(t.breedingMareId)
      .where(sql`${t.breedingMareId} is not null`),
    // A horse's registered offspring, newest foal first, a page at a time (pedigree/offspring.ts):
    // each side's foals in foal-date order are the first rows of one index range.
    index('horses_sire_offspring_idx')
      .on(t.sireHorseId, t.foalDate, t.id)
      .where(sql`${t.approvalStatus} = 'approved' and ${t.sireHorseId} is not null`),
    index('horses_dam_offspring_idx')
      .on(t.damHorseId, t.foalDate, t.id)
      .where(sql`${t.approvalStatus} = 'approved' and ${t.damHorseId} is not null`),
    index('horses_bred_by_trgm_idx').using('gin', sql`${bredByText(t)} gin_trgm_ops`),
    index('horses_owner_names_trgm_idx').using('gin', sql`${ownerNamesText(t)} gin_trgm_ops`),
  ],
);

// The stored kinds are the files' table's (packages/domain/src/horse/file-slots.ts).
export { HORSE_FILE_KINDS, type HorseFileKind };

/**
 * One uploaded file of a horse. `slot` tells files of one kind apart: the marking document's
 * position, the other-registry index ('0'..'3') or the pedigree place ('sire.grand_dam').
 * `storage_key` is a server-made name; the member's file name is only ever displayed.
 */
export const horseFiles = pgTable(
  'horse_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    horseId: uuid('horse_id')
      .notNull()
      .references(() => horses.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: HORSE_FILE_KINDS }).notNull(),
    slot: text('slot').notNull().default(''),
    storageKey: text('storage_key').notNull().unique(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('horse_files_kind_check', t.kind, HORSE_FILE_KINDS),
    index('horse_files_horse_idx').on(t.horseId, t.kind, t.slot),
  ],
);

/**
 * The office's daily digests already sent, one row per day: the instance that inserts the day's
 * row sends it, so several instances send one digest (mail/office-notices.ts).
 */
export const officeDigests = pgTable('office_digests', {
  day: date('day', { mode: 'string' }).primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What the office reviews of a horse at one revision (horse-repository/revisions.ts). */
export interface HorseRevisionSnapshot {
  record: HorseRecordValues;
  names: [string, string, string];
  ownerId: string;
  files: Array<{ kind: string; slot: string; name: string; sha256: string }>;
  /** The registered sire and dam the office linked (absent in revisions kept before links). */
  parents?: { sireHorseId: string | null; damHorseId: string | null };
}

/**
 * Each revision of a horse as the office could review it, so a decision refused because the
 * horse moved on can say what changed since the revision it named.
 */
export const horseRevisions = pgTable(
  'horse_revisions',
  {
    horseId: uuid('horse_id')
      .notNull()
      .references(() => horses.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<HorseRevisionSnapshot>().notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.horseId, t.version] })],
);

/**
 * Mail waiting to be sent, written in the transaction of the action that caused it; a worker
 * sends it with retries and backoff, so an SMTP outage delays mail and loses none.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the mail server refused the message for good (5xx): no further attempts. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.sentAt, t.nextAttemptAt)],
);

export const OTP_PURPOSES = ['password-reset', 'email-change', 'login'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/** One-time passcodes (DESIGN §7): stored as an HMAC, never in clear. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: OTP_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** The new address, for an email change. */
    targetEmail: text('target_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Set when a password-reset code was checked: the reset step may then consume it. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    oneOf('otp_codes_purpose_check', t.purpose, OTP_PURPOSES),
    index('otp_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
  ],
);

export const PAYMENT_PROVIDERS = ['sandbox', 'stripe', 'offline'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];
/** card and bank go through a provider; the rest are recorded by an administrator. */
export const PAYMENT_METHODS = ['card', 'bank', 'check', 'cash', 'other'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHODS)[number];

/**
 * One attempt to pay a horse's fees. Amounts are integer cents computed by the server. Card
 * numbers, CVVs and bank account numbers never reach this table: only the provider's ids.
 * The partial unique index lets a horse have at most one live or settled payment for the same
 * fee lines, so paying the same fees twice is refused by the database itself.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Set null: the money moved even if the horse is later deleted; the record stays.
    horseId: uuid('horse_id').references(() => horses.id, { onDelete: 'set null' }),
    payerId: uuid('payer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The administrator who recorded or charged it on the member's behalf. */
    recordedById: uuid('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    /** The provider's PaymentIntent id (pi_...); null for offline payments. */
    providerPaymentId: text('provider_payment_id').unique(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** The fee lines charged, as computed by the server (domain feesFor). */
    fees: jsonb('fees').$type<Record<string, unknown>>().notNull(),
    /**
     * The keys of the fee lines this payment pays, joined by '+' in the fee table's order
     * (domain feeLines): 'registration+verification' for a first payment, 'verification' for
     * the difference owed after an edit chose verification (docs/api.md "Payments").
     */
    covers: text('covers').notNull().default('registration'),
    /** Billing details without any account or card number. */
    billing: jsonb('billing').$type<Record<string, unknown>>(),
    status: text('status', { enum: PAYMENT_RECORD_STATUSES }).notNull(),
    /** Where the payer approves a payment that requires action. */
    actionUrl: text('action_url'),
    failureMessage: text('failure_message'),
    /** Offline payments: the check number or receipt reference, and a note. */
    reference: text('reference'),
    note: text('note'),
    /** Why an administrator refunded, voided or canceled it (or the provider's reason). */
    reversalReason: text('reversal_reason'),
    /**
     * The payer's debit authorisation (ACH): agreement, the versioned text shown, time, client
     * address and browser, account holder's name and signature. Null for cards and the office.
     */
    mandate: jsonb('mandate').$type<Record<string, unknown>>(),
    /** The sandbox settles bank payments at this time (Stripe settles by webhook). */
    settlesAt: timestamp('settles_at', { withTimezone: true }),
    /**
     * A member transfer's fee (issue 31 item 1): the payment pays the transfer, not a horse's
     * registration, so `horse_id` stays null and the horse's payment status never moves.
     */
    transferId: uuid('transfer_id').references((): AnyPgColumn => horseTransfers.id, {
      onDelete: 'set null',
    }),
    /**
     * What the payer agreed to with this payment (every card and bank payment; issue 33 §3):
     * `{ checkedAgreement, termsVersion, acceptedAt, ip, userAgent, acceptance, recordedById }`.
     * The bank debit's authorisation itself stays in `mandate`. Null for the office's records.
     */
    agreement: jsonb('agreement').$type<Record<string, unknown>>(),
    /** The provider's payment method (Stripe `pm_...`): mandate and detach events name it. */
    providerMethodId: text('provider_method_id'),
    /**
     * Money returned so far: the sum of the refunds in `payment_refunds` that have not failed.
     * Kept here so lists and totals need no join; a partial refund leaves the status alone.
     */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /**
     * The card network's dispute or inquiry as the provider last reported it:
     * `{ id, status, amountCents, eventAt }` (eventAt orders late and replayed events).
     */
    dispute: jsonb('dispute').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('payments_status_check', t.status, PAYMENT_RECORD_STATUSES),
    check('payments_amount_check', sql`${t.amountCents} > 0`),
    check('payments_refunded_check', sql`${t.refundedCents} >= 0`),
    index('payments_provider_method_idx').on(t.providerMethodId),
    index('payments_horse_idx').on(t.horseId, t.createdAt),
    // The office ledger's order (created_at desc, id desc), read backwards, and its date range.
    index('payments_created_idx').on(t.createdAt, t.id),
    // The ledger filtered by status (a rare one, e.g. disputed, would otherwise walk them all).
    index('payments_status_created_idx').on(t.status, t.createdAt, t.id),
    // One live or settled payment per horse and set of fee lines: a second payment of the
    // same fees is refused by the database; the difference after an edit is another set.
    uniqueIndex('payments_one_live_per_horse_idx')
      .on(t.horseId, t.covers)
      .where(sql`${t.status} in ('requires_action', 'processing', 'succeeded', 'disputed')`),
    index('payments_settles_idx').on(t.status, t.settlesAt),
    // One live or settled fee payment per transfer.
    uniqueIndex('payments_one_live_per_transfer_idx')
      .on(t.transferId)
      .where(
        sql`${t.transferId} is not null and ${t.status} in ('requires_action', 'processing', 'succeeded', 'disputed')`,
      ),
  ],
);

/**
 * The refunds of a payment, one row per provider refund (Stripe `re_...`): the office's and
 * those made in the provider's dashboard, partial ones too. A refund's status only moves forward
 * (pending -> succeeded -> failed), so replayed or late events never count it twice.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull(),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('payment_refunds_status_check', t.status, REFUND_STATUSES),
    check('payment_refunds_amount_check', sql`${t.amountCents} > 0`),
    index('payment_refunds_payment_idx').on(t.paymentId, t.createdAt),
  ],
);
export type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

/** Webhook deliveries already applied: a redelivered event id is acknowledged and ignored. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last registration number handed out per scope (the number's text around the sequence, so
 * a format with {YYYY} counts each year from 1). Incremented with an upsert inside the approval
 * transaction: the row lock serialises racing approvals and a rolled-back one frees its number.
 */
export const registrationCounters = pgTable('registration_counters', {
  scope: text('scope').primaryKey(),
  value: integer('value').notNull(),
});

/** Who owned a horse before whom: one row per transfer, kept for the horse's history. */
export const ownershipTransfers = pgTable(
  'ownership_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    horseId: uuid('horse_id')
      .notNull()
      .references(() => horses.id, { onDelete: 'cascade' }),
    fromOwnerId: uuid('from_owner_id').references(() => users.id, { onDelete: 'set null' }),
    toOwnerId: uuid('to_owner_id').references(() => users.id, { onDelete: 'set null' }),
    byId: uuid('by_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ownership_transfers_horse_idx').on(t.horseId, t.at)],
);

/**
 * The association's settings that the office changes at run time, one row per area (today
 * 'transfers': fee, payer, automatic approval), each value checked by its domain schema when
 * written and read (modules/settings). Areas without a row use the domain's defaults.
 */
export const associationSettings = pgTable('association_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
});

/** One step of a member transfer, kept for its history and for the 409 of a stale decision. */
export interface MemberTransferEvent {
  version: number;
  status: MemberTransferStatus;
  at: string;
  actorId: string | null;
  /** What happened: 'started', 'accepted', 'paid', 'approved', 'buyer-joined'... */
  step: string;
}

/**
 * A transfer of ownership started by the owner of record (issue 31 item 1; docs/api.md "Member
 * transfers"). The buyer is a member, or an invited address (`buyer_id` set when they join). The
 * drawn signatures are kept as the PNG/JPEG data URLs the domain's signature rule accepted: they
 * belong to this row, not to the horse's files, and stay with it once the horse is someone
 * else's. At most one transfer per horse is open (partial unique index).
 */
export const horseTransfers = pgTable(
  'horse_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    horseId: uuid('horse_id')
      .notNull()
      .references(() => horses.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id').references(() => users.id, { onDelete: 'set null' }),
    buyerId: uuid('buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Lower-cased; the invited buyer's address until they join. */
    buyerEmail: text('buyer_email').notNull(),
    saleDate: date('sale_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: MEMBER_TRANSFER_STATUSES }).notNull().default('awaiting_buyer'),
    /** The fee and payer of the association's settings when the transfer started. */
    feeCents: integer('fee_cents').notNull(),
    feePayer: text('fee_payer', { enum: TRANSFER_FEE_PAYERS }).notNull(),
    sellerSignature: text('seller_signature').notNull(),
    sellerSignedAt: timestamp('seller_signed_at', { withTimezone: true }).notNull().defaultNow(),
    buyerSignature: text('buyer_signature'),
    buyerSignedAt: timestamp('buyer_signed_at', { withTimezone: true }),
    /** Raised by every step; the office's decision names it (409 with the steps since). */
    version: integer('version').notNull().default(1),
    events: jsonb('events').$type<MemberTransferEvent[]>().notNull().default([]),
    /** Why it was declined, cancelled or rejected. */
    reason: text('reason'),
    /** Who approved, rejected, declined or cancelled it, and when. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The history row the approval wrote. */
    ownershipTransferId: uuid('ownership_transfer_id').references(() => ownershipTransfers.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('horse_transfers_status_check', t.status, MEMBER_TRANSFER_STATUSES),
    oneOf('horse_transfers_fee_payer_check', t.feePayer, TRANSFER_FEE_PAYERS),
    check('horse_transfers_fee_check', sql`${t.feeCents} >= 0`),
    uniqueIndex('horse_transfers_one_open_idx')
      .on(t.horseId)
      .where(sql`${t.status} in ('awaiting_buyer', 'awaiting_payment', 'awaiting_office')`),
    index('horse_transfers_horse_idx').on(t.horseId, t.createdAt),
    index('horse_transfers_seller_idx').on(t.sellerId, t.createdAt),
    index('horse_transfers_buyer_idx').on(t.buyerId, t.createdAt),
    index('horse_transfers_invited_idx')
      .on(t.buyerEmail)
      .where(sql`${t.buyerId} is null`),
    index('horse_transfers_status_created_idx').on(t.status, t.createdAt),
    // The office's list of every transfer, newest first.
    index('horse_transfers_created_idx').on(t.createdAt),
  ],
);

/**
 * A member's edit of an approved horse's record, waiting for the office
 * (docs/decisions/0031-approved-records-change-through-the-office.md). `proposed` is the whole
 * record as the member sent it; an approval applies its reviewed fields to the record of that
 * moment. At most one request per horse is pending.
 */
export const horseChangeRequests = pgTable(
  'horse_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    horseId: uuid('horse_id')
      .notNull()
      .references(() => horses.id, { onDelete: 'cascade' }),
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: CHANGE_REQUEST_STATUSES }).notNull().default('pending'),
    proposed: jsonb('proposed').$type<HorseRecordValues>().notNull(),
    /** What differs from the approved record: when sent, and once decided, what was applied. */
    changes: jsonb('changes').$type<FieldChange[]>().notNull(),
    reason: text('reason'),
    /** Raised each time the owner replaces the request; the office's decision names it. */
    version: integer('version').notNull().default(1),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('horse_change_requests_status_check', t.status, CHANGE_REQUEST_STATUSES),
    uniqueIndex('horse_change_requests_pending_idx')
      .on(t.horseId)
      .where(sql`${t.status} = 'pending'`),
    index('horse_change_requests_status_created_idx').on(t.status, t.createdAt),
  ],
);

/** Single-use links that let a member choose a password; only the SHA-256 of the token is kept. */
export const setPasswordTokens = pgTable(
  'set_password_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('set_password_tokens_user_idx').on(t.userId)],
);

/** The members' dashboard text, one row per page (today only 'dashboard'). */
export const dashboardContent = pgTable('dashboard_content', {
  key: text('key').primaryKey(),
  markdown: text('markdown').notNull(),
  updatedAt: updatedAt(),
  updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
});

/**
 * A resumable (tus) upload of one form file (modules/uploads): whose it is, which form field it
 * is for, and once its bytes passed the checks, the committed file (`storage_key`). A save that
 * attaches it deletes the row in the transaction that writes the horse's file row; rows never
 * attached are swept once untouched for the expiry (modules/uploads/sweep.ts).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').unique(),
    mime: text('mime'),
    sha256: text('sha256'),
    createdAt: createdAt(),
    /** Bumped by every request that writes bytes, on any instance: the sweep's clock. */
    touchedAt: timestamp('touched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId), index('uploads_touched_idx').on(t.touchedAt)],
);

/** An upload a draft holds, as domain's uploadReferenceSchema describes it. */
export interface DraftUpload {
  id: string;
  field: string;
  fileName: string;
  size: number;
}

/**
 * A member's unfinished Register Horse form (issue 14 item 5): the values as the web keeps them
 * and the finished uploads it holds, by reference. Not a registration: no number, and no list,
 * statistic or search but the owner's own draft list reads this table. The registration that
 * completes it deletes the row in the transaction that inserts the horse.
 */
export const horseDrafts = pgTable(
  'horse_drafts',
  {
    /** Made by the browser when the form opens, so every save of one form updates one row. */
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    uploads: jsonb('uploads').$type<DraftUpload[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('horse_drafts_owner_idx').on(t.ownerId, t.updatedAt)],
);

/**
 * A name as the register compares names: lower case without spaces, the expression of
 * `horses_approved_name_unique_idx` (a query must use the identical expression to use an index).
 */
export const nameSearchKey = (column: AnyPgColumn) =>
  sql`lower(regexp_replace(${column}, '[[:space:]]', '', 'g'))`;

/**
 * Stallion breeding reports (docs/api.md "Breeding reports"): one per stallion and season,
 * filed and amended by the stallion's owner of record until the association's deadline. Each
 * amendment raises `version` and keeps the filed lines in `breeding_report_versions`, so the
 * office's review names the version it read (409 when the report moved on).
 */
export const breedingReports = pgTable(
  'breeding_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stallionId: uuid('stallion_id')
      .notNull()
      .references(() => horses.id, { onDelete: 'cascade' }),
    season: integer('season').notNull(),
    version: integer('version').notNull().default(1),
    status: text('status', { enum: BREEDING_REPORT_STATUSES }).notNull().default('filed'),
    filedById: uuid('filed_by_id').references(() => users.id, { onDelete: 'set null' }),
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedById: uuid('reviewed_by_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedVersion: integer('reviewed_version'),
  },
  (t) => [
    oneOf('breeding_reports_status_check', t.status, BREEDING_REPORT_STATUSES),
    uniqueIndex('breeding_reports_stallion_season_idx').on(t.stallionId, t.season),
    index('breeding_reports_season_idx').on(t.season, t.updatedAt, t.id),
    index('breeding_reports_status_idx').on(t.status, t.updatedAt, t.id),
    // The office list's order (updated_at desc, id asc) with no filter; nulls first as that order
    // sorts them, or PostgreSQL would not use it.
    index('breeding_reports_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id),
  ],
);

/**
 * The mares of a report as it stands: a registered mare (`mare_horse_id`, her name copied for
 * the record) or another mare by name and owner. Amendments update lines in place, so a foal
 * linked to a line (`horses.breeding_mare_id`) keeps its link.
 */
export const breedingReportMares = pgTable(
  'breeding_report_mares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => breedingReports.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mareHorseId: uuid('mare_horse_id').references((): AnyPgColumn => horses.id, {
      onDelete: 'set null',
    }),
    mareName: text('mare_name').notNull(),
    mareOwnerName: text('mare_owner_name').notNull().default(''),
    breedingDates: date('breeding_dates', { mode: 'string' }).array().notNull(),
    method: text('method', { enum: BREEDING_METHODS }).notNull(),
  },
  (t) => [
    oneOf('breeding_report_mares_method_check', t.method, BREEDING_METHODS),
    index('breeding_report_mares_report_idx').on(t.reportId, t.position),
    index('breeding_report_mares_mare_idx')
      .on(t.mareHorseId)
      .where(sql`${t.mareHorseId} is not null`),
    // The foal form's fit search looks a typed dam name up among the mares named.
    index('breeding_report_mares_name_idx').on(nameSearchKey(t.mareName)),
  ],
);

/** A line of a report as it was filed at one version (the office's history and 409s). */
export interface BreedingReportLineSnapshot {
  id: string;
  mareHorseId: string | null;
  mareName: string;
  mareOwnerName: string;
  breedingDates: string[];
  method: string;
}

export const breedingReportVersions = pgTable(
  'breeding_report_versions',
  {
    reportId: uuid('report_id')
      .notNull()
      .references(() => breedingReports.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    mares: jsonb('mares').$type<BreedingReportLineSnapshot[]>().notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.version] })],
);

export const schema = {
  users,
  associationSettings,
  horseTransfers,
  sessions,
  auditLog,
  horses,
  horseFiles,
  mailOutbox,
  otpCodes,
  payments,
  webhookEvents,
  registrationCounters,
  ownershipTransfers,
  horseChangeRequests,
  setPasswordTokens,
  dashboardContent,
  uploads,
  horseDrafts,
};
export type UserRow = typeof users.$inferSelect;
export type HorseRow = typeof horses.$inferSelect;
export type HorseFileRow = typeof horseFiles.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type HorseDraftRow = typeof horseDrafts.$inferSelect;
export type HorseChangeRequestRow = typeof horseChangeRequests.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type OtpCodeRow = typeof otpCodes.$inferSelect;
