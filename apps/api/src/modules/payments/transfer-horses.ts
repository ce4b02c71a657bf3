import { eq, inArray } from 'drizzle-orm';
import { horseDisplayName } from '@registry/domain';
import type { Executor } from '../../db/client.js';
import { horses, horseTransfers, type PaymentRow } from '../../db/schema.js';

/**
 * A member transfer's fee pays the transfer, not a horse's registration (`horse_id` is null,
 * `transfer_id` names it): the ledger and My payments name the transferred horse through it
 * instead of calling the payment a withdrawn registration.
 */
export interface TransferHorse {
  horseId: string;
  name: string;
  registrationNumber: string | null;
}

export async function transferHorsesOf(
  db: Executor,
  rows: Pick<PaymentRow, 'id' | 'horseId' | 'transferId'>[],
): Promise<Map<string, TransferHorse>> {
  const found = new Map<string, TransferHorse>();
  const byTransfer = rows.filter((row) => !row.horseId && row.transferId);
  if (byTransfer.length === 0) return found;
  const transferIds = [...new Set(byTransfer.map((row) => row.transferId!))];
  const horsesOf = await db
    .select({
      transferId: horseTransfers.id,
      horseId: horses.id,
      approvedName: horses.approvedName,
      firstChoice: horses.firstChoice,
      secondChoice: horses.secondChoice,
      thirdChoice: horses.thirdChoice,
      registrationNumber: horses.registrationNumber,
    })
    .from(horseTransfers)
    .innerJoin(horses, eq(horses.id, horseTransfers.horseId))
    .where(inArray(horseTransfers.id, transferIds));
  const ofTransfer = new Map(horsesOf.map((row) => [row.transferId, row]));
  for (const row of byTransfer) {
    const horse = ofTransfer.get(row.transferId!);
    if (horse) {
      found.set(row.id, {
        horseId: horse.horseId,
        name: horseDisplayName(horse),
        registrationNumber: horse.registrationNumber,
      });
    }
  }
  return found;
}
