import { and, eq, inArray } from 'drizzle-orm';
import { MEMBER_TRANSFER_MESSAGES, OPEN_TRANSFER_STATUSES } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { horseTransfers } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';

/** The horse's open member transfer (docs/api.md "Member transfers"), if any. */
export async function openTransferOf(db: Executor, horseId: string) {
  const [row] = await db
    .select({ id: horseTransfers.id, status: horseTransfers.status })
    .from(horseTransfers)
    .where(
      and(
        eq(horseTransfers.horseId, horseId),
        inArray(horseTransfers.status, [...OPEN_TRANSFER_STATUSES]),
      ),
    );
  return row;
}

/**
 * While the owner of record is selling the horse, the record the buyer signed for must stay as
 * it is: the member's edits and change requests are refused (409) until the transfer is
 * cancelled or decided.
 */
export async function refuseIfTransferOpen(db: Executor, horseId: string): Promise<void> {
  if (await openTransferOf(db, horseId)) {
    throw new HttpError(409, MEMBER_TRANSFER_MESSAGES.horseLocked);
  }
}
