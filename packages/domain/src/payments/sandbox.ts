import { PAYMENT_MESSAGES } from './messages.js';

/**
 * The sandbox payment provider (DESIGN §6) behaves like Stripe's test mode. Its browser side turns
 * a test card or bank account into a payment method id that says how the charge will end, so the
 * card or account number itself never leaves the browser, exactly as with Stripe.js.
 */
export type SandboxOutcome =
  | 'succeeds'
  | 'requires_action'
  | 'declined'
  | 'settles'
  | 'fails'
  /** A bank account that instant verification could not link: verified by microdeposits. */
  | 'microdeposits';
export type SandboxMethodKind = 'card' | 'bank';

export const SANDBOX_TEST_CARDS: Readonly<Record<string, SandboxOutcome>> = {
  '4242424242424242': 'succeeds',
  '4000002500003155': 'requires_action',
  '4000000000000002': 'declined',
};

export const SANDBOX_ROUTING_NUMBER = '110000000';
export const SANDBOX_TEST_ACCOUNTS: Readonly<Record<string, SandboxOutcome>> = {
  '000123456789': 'settles',
  '000222222227': 'fails',
  // Sandbox only (not a Stripe test number): the microdeposit verification state (issue 17 item 4).
  '000999999991': 'microdeposits',
};

const METHOD_ID =
  /^pm_sandbox_(card|bank)_(succeeds|requires_action|declined|settles|fails|microdeposits)_(\d{4})_[a-z0-9]{8,32}$/;

export type SandboxMethod = { kind: SandboxMethodKind; outcome: SandboxOutcome; last4: string };
export type SandboxMethodResult = { id: string } | { error: string };

function randomSuffix(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** Card payment method from the sandbox card fields (already checked complete and valid). */
export function sandboxCardMethod(cardNumber: string): SandboxMethodResult {
  const number = digitsOnly(cardNumber);
  const outcome = SANDBOX_TEST_CARDS[number];
  if (!outcome) return { error: PAYMENT_MESSAGES.notSandboxCard };
  return { id: `pm_sandbox_card_${outcome}_${number.slice(-4)}_${randomSuffix()}` };
}

/** US bank account payment method from routing and account numbers. */
export function sandboxBankMethod(
  routingNumber: string,
  accountNumber: string,
): SandboxMethodResult {
  const account = digitsOnly(accountNumber);
  const outcome = SANDBOX_TEST_ACCOUNTS[account];
  if (digitsOnly(routingNumber) !== SANDBOX_ROUTING_NUMBER || !outcome) {
    return { error: PAYMENT_MESSAGES.notSandboxBank };
  }
  return { id: `pm_sandbox_bank_${outcome}_${account.slice(-4)}_${randomSuffix()}` };
}

/** The server side: what a sandbox payment method id promises, or null when it is not one. */
export function parseSandboxMethod(id: string): SandboxMethod | null {
  const match = METHOD_ID.exec(id);
  if (!match) return null;
  const kind = match[1] as SandboxMethodKind;
  const outcome = match[2] as SandboxOutcome;
  // A card cannot "settle" and a bank account cannot "require action": refuse mixed ids.
  const cardOutcome =
    outcome === 'succeeds' || outcome === 'requires_action' || outcome === 'declined';
  if ((kind === 'card') !== cardOutcome) return null;
  return { kind, outcome, last4: match[3] as string };
}
