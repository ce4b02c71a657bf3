import { formatUsd } from '@registry/domain';
import type { MailMessage } from './mailer.js';
import { render } from './templates.js';

/**
 * The notices of a member transfer (docs/api.md "Member transfers"): each step tells the other
 * party, with a link to the page where they act.
 */

interface TransferMailInput {
  horseName: string;
  /** The other party's name (or address, for an invited buyer). */
  otherName: string;
  /** The member's Transfers page. */
  link: string;
}

const see = (link: string) => ({ text: 'Open My Horses: Transfers', href: link });

/** To a buyer who is a member: the seller signed, the buyer accepts or declines. */
export function transferOfferedMail(to: string, association: string, input: TransferMailInput) {
  return render(to, association, {
    subject: `${input.otherName} is transferring ${input.horseName} to you`,
    paragraphs: [
      `${input.otherName} has started the transfer of ${input.horseName} to you and signed it. Sign in and accept (with your signature) or decline it under My Horses: Transfers.`,
      'If you did not buy this horse, decline the transfer.',
    ],
    highlight: see(input.link),
  });
}

/** To a buyer who is not a member yet. */
export function transferInvitationMail(
  to: string,
  association: string,
  input: TransferMailInput & { joinLink: string },
) {
  return render(to, association, {
    subject: `you are invited to join to receive ${input.horseName}`,
    paragraphs: [
      `${input.otherName} has started the transfer of ${input.horseName} to you. To accept it, you need a membership of ${association} under this email address (${to}).`,
      `Ask the registry office for a membership with this address. Once you can sign in, the transfer waits for you under My Horses: Transfers.`,
    ],
    highlight: { text: 'Go to the registry', href: input.joinLink },
  });
}

type Step = 'accepted' | 'declined' | 'cancelled' | 'awaiting-office' | 'rejected';

const STEP_TEXT: Record<Step, (input: TransferMailInput & { reason?: string | null }) => string> = {
  accepted: (i) => `${i.otherName} accepted and signed the transfer of ${i.horseName}.`,
  declined: (i) => `${i.otherName} declined the transfer of ${i.horseName}. The horse stays yours.`,
  cancelled: (i) => `${i.otherName} cancelled the transfer of ${i.horseName}.`,
  'awaiting-office': (i) =>
    `The transfer of ${i.horseName} is signed by both parties and paid; it waits for the registry office.`,
  rejected: (i) => `The registry office rejected the transfer of ${i.horseName}.`,
};

/** A step of the transfer, told to the party who did not take it. */
export function transferStepMail(
  to: string,
  association: string,
  step: Step,
  input: TransferMailInput & { reason?: string | null },
): MailMessage {
  const paragraphs = [STEP_TEXT[step](input)];
  if (input.reason) paragraphs.push(`Reason: ${input.reason}`);
  return render(to, association, {
    subject: `transfer of ${input.horseName}: ${step.replace('-', ' ')}`,
    paragraphs,
    highlight: see(input.link),
  });
}

/** To the party the association asks to pay the transfer fee. */
export function transferFeeDueMail(
  to: string,
  association: string,
  input: TransferMailInput & { feeCents: number },
) {
  return render(to, association, {
    subject: `transfer fee for ${input.horseName}`,
    paragraphs: [
      `The transfer of ${input.horseName} is signed by both parties. The transfer fee of ${formatUsd(input.feeCents)} is yours to pay: open the transfer and choose Pay.`,
    ],
    highlight: see(input.link),
  });
}
