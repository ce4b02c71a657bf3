import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from './messages.js';
import { parseSandboxMethod, sandboxBankMethod, sandboxCardMethod } from './sandbox.js';

const idOf = (result: { id: string } | { error: string }) => {
  if (!('id' in result)) throw new Error(result.error);
  return result.id;
};

describe('sandbox payment methods', () => {
  it.each([
    ['4242 4242 4242 4242', 'succeeds', '4242'],
    ['4000-0025-0000-3155', 'requires_action', '3155'],
    ['4000000000000002', 'declined', '0002'],
  ])('card %s -> %s', (number, outcome, last4) => {
    const id = idOf(sandboxCardMethod(number));
    expect(id).not.toContain(number.replace(/\D/g, ''));
    expect(parseSandboxMethod(id)).toEqual({ kind: 'card', outcome, last4 });
  });

  it('gives each payment method a new id', () => {
    expect(idOf(sandboxCardMethod('4242424242424242'))).not.toBe(
      idOf(sandboxCardMethod('4242424242424242')),
    );
  });

  it('refuses cards that are not sandbox test cards', () => {
    expect(sandboxCardMethod('5555555555554444')).toEqual({
      error: PAYMENT_MESSAGES.notSandboxCard,
    });
  });

  it('turns the test bank accounts into settling or failing methods', () => {
    const settles = idOf(sandboxBankMethod('110000000', '000123456789'));
    expect(settles).not.toContain('000123456789');
    expect(parseSandboxMethod(settles)).toEqual({
      kind: 'bank',
      outcome: 'settles',
      last4: '6789',
    });
    const fails = idOf(sandboxBankMethod('110000000', '000222222227'));
    expect(parseSandboxMethod(fails)?.outcome).toBe('fails');
  });

  it('refuses other routing or account numbers', () => {
    expect(sandboxBankMethod('021000021', '000123456789')).toEqual({
      error: PAYMENT_MESSAGES.notSandboxBank,
    });
    expect(sandboxBankMethod('110000000', '123')).toEqual({
      error: PAYMENT_MESSAGES.notSandboxBank,
    });
  });

  it('parses only well-formed sandbox ids, never mixed kinds', () => {
    expect(parseSandboxMethod('pm_card_visa')).toBeNull();
    expect(parseSandboxMethod('pm_sandbox_card_settles_4242_abcdefgh')).toBeNull();
    expect(parseSandboxMethod('pm_sandbox_bank_requires_action_6789_abcdefgh')).toBeNull();
    expect(parseSandboxMethod('pm_sandbox_card_succeeds_4242_abc')).toBeNull();
    expect(parseSandboxMethod('pm_sandbox_card_succeeds_4242_abcdefgh; drop')).toBeNull();
  });
});
