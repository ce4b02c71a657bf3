import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { horses, users } from '../../db/schema.js';
import { enqueueMail, render } from '../mail/index.js';

/*
 * The stallion owner hears of each step of a report by mail (issue 31 item 5): filed or amended
 * (with the version and the deadline), and reviewed by the office. Written to the outbox in the
 * step's transaction, so a mail goes out only for a step that happened.
 */

export type ReportStep = 'filed' | 'amended' | 'reviewed';

const SUBJECTS: Record<ReportStep, (season: number, horse: string) => string> = {
  filed: (season, horse) => `${season} breeding report of ${horse} filed`,
  amended: (season, horse) => `${season} breeding report of ${horse} amended`,
  reviewed: (season, horse) => `${season} breeding report of ${horse} reviewed`,
};

export async function mailReportStep(
  tx: Tx,
  associationName: string,
  input: {
    stallionId: string;
    season: number;
    version: number;
    mares: number;
    deadline: string;
    step: ReportStep;
  },
): Promise<void> {
  const [owner] = await tx
    .select({ email: users.email, name: horses.approvedName })
    .from(horses)
    .innerJoin(users, eq(users.id, horses.ownerId))
    .where(eq(horses.id, input.stallionId));
  if (!owner) return;
  const horse = owner.name ?? 'your stallion';
  const paragraphs =
    input.step === 'reviewed'
      ? [
          `The registry office has reviewed version ${input.version} of the ${input.season} breeding report of ${horse}.`,
          'Foals of the mares it lists can be registered from the breedings it names.',
        ]
      : [
          `Version ${input.version} of the ${input.season} breeding report of ${horse} is ${input.step}: ${input.mares} mare${input.mares === 1 ? '' : 's'}.`,
          `You can amend it from My Horses until ${input.deadline}.`,
        ];
  await enqueueMail(
    tx,
    render(owner.email, associationName, {
      subject: SUBJECTS[input.step](input.season, horse),
      paragraphs,
    }),
  );
}
