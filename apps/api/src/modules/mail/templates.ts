import { formatUsd } from '@registry/domain';
import type { MailMessage } from './mailer.js';

/** Every message the registry sends: plain text and HTML, signed with the association name. */

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface Body {
  subject: string;
  /** Paragraphs, plain text; escaped for the HTML part. */
  paragraphs: string[];
  /** A prominent code or link. */
  highlight?: { text: string; href?: string };
}

export function render(to: string, association: string, body: Body): MailMessage {
  const subject = `${association}: ${body.subject}`;
  const lines = [...body.paragraphs];
  if (body.highlight) lines.splice(1, 0, body.highlight.href ?? body.highlight.text);
  const text = [...lines, `— ${association}`].join('\n\n');
  const paragraphs = body.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`);
  if (body.highlight) {
    const shown = escapeHtml(body.highlight.text);
    const highlight = body.highlight.href
      ? `<p><a href="${escapeHtml(body.highlight.href)}">${shown}</a></p>`
      : `<p style="font-size:24px;font-weight:bold;letter-spacing:4px">${shown}</p>`;
    paragraphs.splice(1, 0, highlight);
  }
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif">',
    ...paragraphs,
    `<p>— ${escapeHtml(association)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

export type OtpMailPurpose = 'password-reset' | 'email-change' | 'login';

const OTP_SUBJECTS: Record<OtpMailPurpose, string> = {
  'password-reset': 'your password reset code',
  'email-change': 'confirm your new email address',
  login: 'your sign-in code',
};

const OTP_INTROS: Record<OtpMailPurpose, string> = {
  'password-reset': 'Use this code to reset your password:',
  'email-change': 'Use this code to confirm this address as your new email:',
  login: 'Use this code to sign in:',
};

export function otpMail(
  to: string,
  association: string,
  purpose: OtpMailPurpose,
  code: string,
  minutes: number,
): MailMessage {
  return render(to, association, {
    subject: OTP_SUBJECTS[purpose],
    paragraphs: [
      OTP_INTROS[purpose],
      `The code expires in ${minutes} minutes and works once. If you did not ask for it, you can ignore this message.`,
    ],
    highlight: { text: code },
  });
}

export function memberCredentialsMail(
  to: string,
  association: string,
  input: { name: string; memberNumber: string | null; setPasswordUrl: string },
): MailMessage {
  return render(to, association, {
    subject: 'your member account',
    paragraphs: [
      `Hello ${input.name}, your member account is ready${input.memberNumber ? ` (member number ${input.memberNumber})` : ''}. Sign in with ${to} after choosing a password here:`,
      'The link works once and expires; ask the office for a new one if it has.',
    ],
    highlight: { text: 'Choose your password', href: input.setPasswordUrl },
  });
}

/** An office account was opened for someone (modules/staff): choose a password, then sign in. */
export function staffInvitationMail(
  to: string,
  association: string,
  input: { name: string; roleLabel: string; invitedBy: string; setPasswordUrl: string },
): MailMessage {
  return render(to, association, {
    subject: 'your office account',
    paragraphs: [
      `Hello ${input.name}, ${input.invitedBy} has opened an office account for you as ${input.roleLabel}. Choose a password here, then sign in at the office sign-in page with ${to}:`,
      'The link works once and expires; ask an administrator for a new one if it has.',
    ],
    highlight: { text: 'Choose your password', href: input.setPasswordUrl },
  });
}

export function emailChangedMail(
  to: string,
  association: string,
  input: { newEmail: string },
): MailMessage {
  return render(to, association, {
    subject: 'your email address was changed',
    paragraphs: [
      `The email address of your account was changed to ${input.newEmail}.`,
      'If you did not do this, contact the association office at once.',
    ],
  });
}

export function horseApprovedMail(
  to: string,
  association: string,
  input: { horseName: string; registrationNumber: string; verified: boolean },
): MailMessage {
  return render(to, association, {
    subject: `${input.horseName} is approved`,
    paragraphs: [
      `The registration of ${input.horseName} has been approved with registration number ${input.registrationNumber}${input.verified ? ' and a VERIFIED performance' : ''}.`,
      'You can download the registration certificate from My Horses.',
    ],
  });
}

export function horseRejectedMail(
  to: string,
  association: string,
  input: { horseName: string; reason: string },
): MailMessage {
  return render(to, association, {
    subject: 'registration not approved',
    paragraphs: [
      `The registration of ${input.horseName} was not approved. The office gave this reason:`,
      input.reason,
      'You can correct the registration from My Horses, or contact the association office.',
    ],
  });
}

export function ownershipTransferMail(
  to: string,
  association: string,
  input: { horseName: string; role: 'from' | 'to'; otherName: string },
): MailMessage {
  return render(to, association, {
    subject: `ownership of ${input.horseName}`,
    paragraphs: [
      input.role === 'to'
        ? `${input.horseName} has been transferred to you from ${input.otherName}. It is now listed in My Horses.`
        : `${input.horseName} has been transferred from you to ${input.otherName}.`,
      'If this is unexpected, contact the association office.',
    ],
  });
}

export function paymentResultMail(
  to: string,
  association: string,
  input: { horseName: string; amountCents: number; succeeded: boolean; failureMessage: string },
): MailMessage {
  const amount = formatUsd(input.amountCents);
  return render(to, association, {
    subject: input.succeeded ? 'payment received' : 'payment failed',
    paragraphs: input.succeeded
      ? [`Your payment of ${amount} for the registration of ${input.horseName} has been received.`]
      : [
          `Your payment of ${amount} for the registration of ${input.horseName} did not go through: ${input.failureMessage}`,
          'You can pay again from My Horses.',
        ],
  });
}

/**
 * The office decided a member's change to an approved record
 * (docs/decisions/0031-approved-records-change-through-the-office.md).
 */
export function recordChangeDecidedMail(
  to: string,
  association: string,
  input: { horseName: string; approved: boolean; fields: string[]; reason?: string },
): MailMessage {
  const fields = input.fields.join(', ');
  return render(to, association, {
    subject: `change to ${input.horseName} ${input.approved ? 'approved' : 'not approved'}`,
    paragraphs: input.approved
      ? [
          `The registry office approved your change to the record of ${input.horseName} (${fields}).`,
          'The record and its certificate now show it.',
        ]
      : [
          `The registry office did not approve your change to the record of ${input.horseName} (${fields}). The office gave this reason:`,
          input.reason ?? '',
          'The record stays as approved. You can send a corrected change from My Horses, or contact the association office.',
        ],
  });
}

/** A bank debit waits for microdeposit verification (issue 17 item 4): the link and how long. */
export function bankVerificationMail(
  to: string,
  association: string,
  input: { horseName: string; amountCents: number; verificationUrl: string },
): MailMessage {
  return render(to, association, {
    subject: 'verify your bank account',
    paragraphs: [
      `To pay ${formatUsd(input.amountCents)} for the registration of ${input.horseName} by bank, please verify your bank account. Two small deposits (or one with a code) arrive in your account in one or two business days; then open this link and enter them:`,
      'Your payment goes ahead once the account is verified. Until then the registration shows as waiting for bank verification.',
    ],
    highlight: { text: 'Verify your bank account', href: input.verificationUrl },
  });
}

/** Office notice (mail/office-notices.ts): what came in since the last one, at once. */
export function officeNoticeMail(
  to: string,
  association: string,
  input: { lines: string[]; link: string },
): MailMessage {
  const [only] = input.lines;
  return render(to, association, {
    subject:
      input.lines.length === 1 && only ? only : `${input.lines.length} new items for the office`,
    paragraphs: [
      'New work waits for the registry office:',
      ...input.lines,
      'You receive these notices at once. Change this on your dashboard (Office notices).',
    ],
    highlight: { text: 'Open the approval queue', href: input.link },
  });
}

/** Office digest: the last day's events and what waits now, once a day. */
export function officeDigestMail(
  to: string,
  association: string,
  input: {
    lines: string[];
    waiting: {
      registrations: number;
      changeRequests: number;
      failedPayments: number;
      memberTransfers?: number;
    };
    link: string;
  },
): MailMessage {
  const { registrations, changeRequests, failedPayments, memberTransfers = 0 } = input.waiting;
  return render(to, association, {
    subject: 'daily office digest',
    paragraphs: [
      `Waiting now: ${registrations} registration(s), ${changeRequests} change request(s), ${failedPayments} failed payment(s) on pending registrations, ${memberTransfers} member transfer(s).`,
      ...(input.lines.length > 0
        ? ['In the last day:', ...input.lines]
        : ['Nothing new came in over the last day.']),
      'You receive this digest once a day. Change this on your dashboard (Office notices).',
    ],
    highlight: { text: 'Open the approval queue', href: input.link },
  });
}
