import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  STAFF_MESSAGES,
  STAFF_ROLE_LABELS,
  normalizeEmail,
  type StaffInvite,
  type StaffMember,
  type StaffRole,
} from '@registry/domain';
import type { Db, Tx } from '../../db/client.js';
import { isUuid } from '../../db/ids.js';
import { setPasswordTokens, users, type UserRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { recordAudit } from '../audit/index.js';
import { revokeSessions } from '../auth/index.js';
import { enqueueMail, staffInvitationMail } from '../mail/index.js';
import { storeSetPasswordLink } from '../members/index.js';

export interface StaffDeps {
  db: Db;
  publicUrl: string;
  associationName: string;
  onMailQueued?: () => void;
}

/** The staff member acting, as the audit log names them. */
export interface StaffActor {
  userId: string;
  ip: string;
}

const fullName = (row: Pick<UserRow, 'firstName' | 'lastName'>) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ');

// The newest session a staff member opened: their last sign-in (sessions keep every sign-in).
const lastSignIn = sql<
  Date | string | null
>`(select max(s.created_at) from sessions s where s.user_id = "users"."id")`;

function toStaffMember(row: UserRow, lastSignInAt: Date | string | null): StaffMember {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    name: fullName(row) || row.email,
    staffRole: row.staffRole,
    status: !row.active ? 'deactivated' : row.passwordHash === null ? 'invited' : 'active',
    active: row.active,
    lastSignInAt: lastSignInAt === null ? null : new Date(lastSignInAt).toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Office accounts not removed: the Staff page's list, by name. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select({ user: users, lastSignInAt: lastSignIn })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.removedAt)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
  return rows.map((r) => toStaffMember(r.user, r.lastSignInAt));
}

async function staffMember(db: Db | Tx, id: string): Promise<StaffMember> {
  const [row] = await db
    .select({ user: users, lastSignInAt: lastSignIn })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw new HttpError(404, STAFF_MESSAGES.notFound);
  return toStaffMember(row.user, row.lastSignInAt);
}

/**
 * Locks the active administrators' rows (in id order, so two of these never deadlock), then the
 * target's row. Every change that could leave the office without an administrator starts here:
 * a second change waits for the first to commit and then counts what the first left (PostgreSQL
 * re-checks a waited-for row against the condition, so one demoted meanwhile is not counted).
 */
async function lockForChange(tx: Tx, id: string) {
  const administrators = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        eq(users.staffRole, 'administrator'),
        eq(users.active, true),
        isNull(users.removedAt),
      ),
    )
    .orderBy(asc(users.id))
    .for('update');
  const [target] = isUuid(id)
    ? await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, 'admin'), isNull(users.removedAt)))
        .for('update')
    : [];
  if (!target) throw new HttpError(404, STAFF_MESSAGES.notFound);
  return { target, administrators: administrators.map((a) => a.id) };
}

/** 409 when `target` is an active administrator and no other would remain after the change. */
function keepOneAdministrator(administrators: string[], target: UserRow): void {
  const others = administrators.filter((id) => id !== target.id);
  if (administrators.includes(target.id) && others.length === 0) {
    throw new HttpError(409, STAFF_MESSAGES.lastAdministrator);
  }
}

async function audit(
  tx: Tx,
  actor: StaffActor,
  action: string,
  target: UserRow,
  details: Record<string, unknown> = {},
) {
  await recordAudit(tx, {
    action,
    success: true,
    actorId: actor.userId,
    subject: target.id,
    ip: actor.ip,
    details: { email: target.email, ...details },
  });
}

/** Stores a set-password link for the staff member and queues the invitation mail. */
async function mailInvitation(tx: Tx, deps: StaffDeps, target: UserRow, actor: StaffActor) {
  const { url, expiresAt } = await storeSetPasswordLink(tx, deps.publicUrl, target.id);
  const [inviter] = await tx.select().from(users).where(eq(users.id, actor.userId));
  await enqueueMail(
    tx,
    staffInvitationMail(target.email, deps.associationName, {
      name: fullName(target) || target.email,
      roleLabel: target.staffRole ? STAFF_ROLE_LABELS[target.staffRole] : 'staff',
      invitedBy: (inviter && fullName(inviter)) || 'An administrator',
      setPasswordUrl: url,
    }),
  );
  return expiresAt;
}

/**
 * Opens an office account with `staffRole` and mails its set-password link. An address of a
 * removed staff member opens that account again (its history stays one person's); an address of
 * a member or of a listed staff member is 409.
 */
export async function inviteStaff(
  deps: StaffDeps,
  input: StaffInvite,
  actor: StaffActor,
): Promise<StaffMember> {
  const email = normalizeEmail(input.email);
  const values = {
    firstName: input.firstName,
    lastName: input.lastName,
    staffRole: input.staffRole,
  };
  try {
    const id = await deps.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update');
      if (existing?.role === 'member') {
        throw new HttpError(409, STAFF_MESSAGES.emailIsMember, {
          email: STAFF_MESSAGES.emailIsMember,
        });
      }
      if (existing && existing.removedAt === null) {
        throw new HttpError(409, STAFF_MESSAGES.emailTaken, { email: STAFF_MESSAGES.emailTaken });
      }
      const [row] = existing
        ? await tx
            .update(users)
            .set({
              ...values,
              active: true,
              removedAt: null,
              // A returning staff member chooses a new password from the invitation.
              passwordHash: null,
              tokenVersion: sql`${users.tokenVersion} + 1`,
              updatedAt: new Date(),
            })
            .where(eq(users.id, existing.id))
            .returning()
        : await tx
            .insert(users)
            .values({ ...values, email, role: 'admin', passwordHash: null })
            .returning();
      if (!row) throw new Error('staff insert returned no row');
      const expiresAt = await mailInvitation(tx, deps, row, actor);
      await audit(tx, actor, 'staff.invite', row, {
        staffRole: row.staffRole,
        returning: Boolean(existing),
        expiresAt: expiresAt.toISOString(),
      });
      return row.id;
    });
    deps.onMailQueued?.();
    return staffMember(deps.db, id);
  } catch (error) {
    const code = (error as { code?: string; cause?: { code?: string } }).code;
    const causeCode = (error as { cause?: { code?: string } }).cause?.code;
    // Two invitations of one new address at once: the unique email index answers the second.
    if (code === '23505' || causeCode === '23505') {
      throw new HttpError(409, STAFF_MESSAGES.emailTaken, { email: STAFF_MESSAGES.emailTaken });
    }
    throw error;
  }
}

/** Mails a new set-password link to a staff member who has not chosen a password yet. */
export async function resendInvitation(
  deps: StaffDeps,
  id: string,
  actor: StaffActor,
): Promise<StaffMember> {
  await deps.db.transaction(async (tx) => {
    const { target } = await lockForChange(tx, id);
    if (!target.active) throw new HttpError(409, STAFF_MESSAGES.inactive);
    if (target.passwordHash !== null) throw new HttpError(409, STAFF_MESSAGES.alreadyHasPassword);
    const expiresAt = await mailInvitation(tx, deps, target, actor);
    await audit(tx, actor, 'staff.invite', target, {
      staffRole: target.staffRole,
      resent: true,
      expiresAt: expiresAt.toISOString(),
    });
  });
  deps.onMailQueued?.();
  return staffMember(deps.db, id);
}

/** A new role; their sessions end so the next request signs in under it. */
export async function changeStaffRole(
  db: Db,
  id: string,
  staffRole: StaffRole,
  actor: StaffActor,
): Promise<StaffMember> {
  await db.transaction(async (tx) => {
    const { target, administrators } = await lockForChange(tx, id);
    if (target.staffRole === staffRole) return;
    if (staffRole !== 'administrator') keepOneAdministrator(administrators, target);
    await tx.update(users).set({ staffRole, updatedAt: new Date() }).where(eq(users.id, target.id));
    await revokeSessions(tx, target.id);
    await audit(tx, actor, 'staff.role-change', target, { from: target.staffRole, to: staffRole });
  });
  return staffMember(db, id);
}

/** Deactivate (cannot sign in, sessions end) or reactivate a staff member. */
export async function setStaffActive(
  db: Db,
  id: string,
  active: boolean,
  actor: StaffActor,
): Promise<StaffMember> {
  await db.transaction(async (tx) => {
    const { target, administrators } = await lockForChange(tx, id);
    if (target.active === active) return;
    if (!active) keepOneAdministrator(administrators, target);
    await tx.update(users).set({ active, updatedAt: new Date() }).where(eq(users.id, target.id));
    if (!active) await revokeSessions(tx, target.id);
    await audit(tx, actor, active ? 'staff.activate' : 'staff.deactivate', target);
  });
  return staffMember(db, id);
}

/**
 * Removes a staff member from the office: they cannot sign in, their links stop working and the
 * Staff page no longer lists them. The row stays, so what they did keeps their name.
 */
export async function removeStaff(db: Db, id: string, actor: StaffActor): Promise<{ id: string }> {
  await db.transaction(async (tx) => {
    const { target, administrators } = await lockForChange(tx, id);
    keepOneAdministrator(administrators, target);
    const now = new Date();
    await tx
      .update(users)
      .set({ active: false, removedAt: now, updatedAt: now })
      .where(eq(users.id, target.id));
    await tx
      .update(setPasswordTokens)
      .set({ usedAt: now })
      .where(and(eq(setPasswordTokens.userId, target.id), isNull(setPasswordTokens.usedAt)));
    await revokeSessions(tx, target.id);
    await audit(tx, actor, 'staff.remove', target, { staffRole: target.staffRole });
  });
  return { id };
}
