import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  inet,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('users_role_check', sql`${t.role} in ('admin', 'member')`)],
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

export const schema = { users, sessions, auditLog };
export type UserRow = typeof users.$inferSelect;
