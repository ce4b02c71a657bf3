import { eq } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  REGISTER_RULE_MESSAGES,
  formatUsd,
  type ApproveHorseInput,
  type AdminHorse,
} from '@registry/domain';
import type { Db, Executor, Tx } from '../../db/client.js';
import { horses, users, type HorseRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { adminHorseById } from '../admin-horses/index.js';
import { loadHorse, feesOwed, changesSince, recordRevision } from '../horse-repository/index.js';
import { changedSinceReviewed } from '../../reviewed-version.js';
import { recordAudit } from '../audit/index.js';
import { isApprovedNameClash, nameAvailability } from '../horse-names/index.js';
import type { UrlSigner } from '../files/index.js';
import { enqueueMail, horseApprovedMail, horseRejectedMail } from '../mail/index.js';
import { nextSequence, type RegistrationNumberFormat } from '../../numbering.js';

export interface ApprovalDeps {
  db: Db;
  signer: UrlSigner;
  format: RegistrationNumberFormat;
  associationName: string;
  onMailQueued?: () => void;
}

export interface Actor {
  userId: string;
  ip: string;
  userAgent?: string;
}

/**
 * The approved name: the requested choice, or by default the first choice no approved horse
 * carries yet. A taken choice is refused (409); the unique index catches a race with another
 * approval (see decideHorse).
 */
async function chosenName(
  tx: Executor,
  row: HorseRow,
  requested: string | undefined,
): Promise<string> {
  const choices = [row.firstChoice, row.secondChoice, row.thirdChoice];
  if (requested !== undefined && requested !== '' && !choices.includes(requested)) {
    throw new HttpError(400, ADMIN_MESSAGES.approvedNameInvalid, {
      approvedName: ADMIN_MESSAGES.approvedNameInvalid,
    });
  }
  const availability = await nameAvailability(tx, choices, row.id);
  if (requested === undefined || requested === '') {
    const free = availability.find((choice) => !choice.taken);
    if (!free) {
      throw new HttpError(409, REGISTER_RULE_MESSAGES.allNamesTaken, {
        approvedName: REGISTER_RULE_MESSAGES.allNamesTaken,
      });
    }
    return free.name;
  }
  if (availability.find((choice) => choice.name === requested)?.taken) {
    throw new HttpError(409, REGISTER_RULE_MESSAGES.approvedNameTaken, {
      approvedName: REGISTER_RULE_MESSAGES.approvedNameTaken,
    });
  }
  return requested;
}

function verifiedValue(row: HorseRow, requested: boolean | undefined): string {
  if (requested === undefined) return row.verified;
  if (requested && row.details.performanceVerification !== 'Yes') {
    throw new HttpError(400, ADMIN_MESSAGES.verifiedNotAsked, {
      verified: ADMIN_MESSAGES.verifiedNotAsked,
    });
  }
  return requested ? 'Yes' : 'No';
}

async function ownerEmail(db: Executor, ownerId: string): Promise<string | undefined> {
  const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, ownerId));
  return owner?.email;
}

/**
 * Approves or rejects a pending registration in one transaction: the row is locked, so two
 * administrators deciding the same horse get one success and one 409; an approval draws the
 * next registration number from the counter in the same transaction.
 */
export async function decideHorse(
  deps: ApprovalDeps,
  horseId: string,
  input: ApproveHorseInput & { version: number },
  actor: Actor,
): Promise<AdminHorse> {
  await deps.db.transaction(decide).catch((error: unknown) => {
    // Another approval committed the same name between our check and our write.
    if (isApprovedNameClash(error)) {
      throw new HttpError(409, REGISTER_RULE_MESSAGES.nameTakenMeanwhile, {
        approvedName: REGISTER_RULE_MESSAGES.nameTakenMeanwhile,
      });
    }
    throw error;
  });
  deps.onMailQueued?.();
  return adminHorseById(deps.db, deps.signer, horseId);

  async function decide(tx: Tx) {
    const row = await loadHorse(tx, horseId, { lock: true });
    if (row.approvalStatus !== 'pending') {
      throw new HttpError(409, ADMIN_MESSAGES.alreadyDecided(row.approvalStatus));
    }
    // Decided on what the office read, or not at all (docs/api.md "Approvals").
    if (row.version !== input.version) {
      throw changedSinceReviewed(
        ADMIN_MESSAGES.changedSinceReviewed,
        row.version,
        await changesSince(tx, row, input.version),
      );
    }
    const now = new Date();
    const email = await ownerEmail(tx, row.ownerId);
    const audit = { success: true, actorId: actor.userId, subject: horseId, ip: actor.ip };
    if (input.action === 'reject') {
      const reason = input.reason?.trim() ?? '';
      if (!reason) {
        throw new HttpError(400, ADMIN_MESSAGES.reasonRequired, {
          reason: ADMIN_MESSAGES.reasonRequired,
        });
      }
      await tx
        .update(horses)
        .set({
          approvalStatus: 'rejected',
          rejectionReason: reason,
          decidedAt: now,
          decidedById: actor.userId,
          updatedAt: now,
        })
        .where(eq(horses.id, horseId));
      await recordRevision(tx, horseId, actor.userId);
      await recordAudit(tx, {
        ...audit,
        action: 'horse.reject',
        details: { reason, version: input.version },
      });
      if (email) {
        await enqueueMail(
          tx,
          horseRejectedMail(email, deps.associationName, { horseName: row.firstChoice, reason }),
        );
      }
      return;
    }
    const approvedName = await chosenName(tx, row, input.approvedName);
    const verified = verifiedValue(row, input.verified);
    // Fees follow the record: a paid horse whose answers now cost more owes the difference.
    const owed = await feesOwed(tx, row);
    const owedCents = owed.reduce((sum, line) => sum + line.cents, 0);
    const unpaid = row.paymentStatus !== 'paid' || owed.length > 0;
    if (unpaid && input.overrideUnpaid !== true) {
      throw new HttpError(
        409,
        // Owed lines exist only beside a settled payment: a difference after an edit.
        owed.length > 0
          ? ADMIN_MESSAGES.feesOwed(formatUsd(owedCents), owed.map((l) => l.label).join(', '))
          : ADMIN_MESSAGES.unpaid,
      );
    }
    const registrationNumber = deps.format.render(
      await nextSequence(tx, deps.format.scope(now)),
      now,
    );
    await tx
      .update(horses)
      .set({
        approvalStatus: 'approved',
        approvedName,
        registrationNumber,
        verified,
        rejectionReason: null,
        decidedAt: now,
        decidedById: actor.userId,
        updatedAt: now,
      })
      .where(eq(horses.id, horseId));
    await recordAudit(tx, {
      ...audit,
      action: 'horse.approve',
      details: {
        registrationNumber,
        approvedName,
        verified,
        paymentStatus: row.paymentStatus,
        version: input.version,
        ...(unpaid ? { overrideUnpaid: true, owedCents } : {}),
      },
    });
    await recordRevision(tx, horseId, actor.userId);
    if (email) {
      await enqueueMail(
        tx,
        horseApprovedMail(email, deps.associationName, {
          horseName: approvedName,
          registrationNumber,
          verified: verified === 'Yes',
        }),
      );
    }
  }
}
