import { and, eq } from 'drizzle-orm';
import { ADMIN_MESSAGES, horseDisplayName } from '@registry/domain';
import type { Db } from '../../db/client.js';
import { horses } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';

/** What anyone holding a certificate may confirm of it: nothing private (no numbers, emails). */
export interface PublicCheck {
  registrationNumber: string;
  name: string;
  status: 'approved';
  verified: boolean;
  sex: string;
  color: string;
  foalYear: number;
  owners: string[];
}

/** The public check of an approved horse's registration number (404 for any other). */
export async function publicCheck(db: Db, registrationNumber: string): Promise<PublicCheck> {
  const [horse] = await db
    .select()
    .from(horses)
    .where(
      and(eq(horses.registrationNumber, registrationNumber), eq(horses.approvalStatus, 'approved')),
    );
  if (!horse?.registrationNumber) throw new HttpError(404, ADMIN_MESSAGES.registrationNotFound);
  return {
    registrationNumber: horse.registrationNumber,
    name: horseDisplayName(horse),
    status: 'approved',
    verified: horse.verified === 'Yes',
    // What a buyer can match against the horse in front of them (issue 21).
    sex: horse.sex,
    color: horse.color,
    foalYear: Number(horse.foalDate.slice(0, 4)),
    owners: horse.details.owners.map((owner) => owner.name),
  };
}
