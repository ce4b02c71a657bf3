import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HORSE_MESSAGES } from '@registry/domain';
import { CardEntry } from './card-entry';
import { formatCardNumber, formatExpiry, SandboxCardFields } from './sandbox-card-fields';

function setup() {
  const entry = new CardEntry();
  render(<SandboxCardFields entry={entry} idPrefix="card" />);
  return {
    entry,
    user: userEvent.setup(),
    number: screen.getByLabelText('Card Number'),
    expiry: screen.getByLabelText('Expiration Date'),
    cvv: screen.getByLabelText('CVV'),
  };
}

describe('SandboxCardFields', () => {
  it('formats the number in groups of 4 and the expiry as MM / YY', async () => {
    const { user, number, expiry } = setup();
    await user.type(number, '4242424242424242');
    expect(number).toHaveValue('4242 4242 4242 4242');
    await user.type(expiry, '1240');
    expect(expiry).toHaveValue('12 / 40');
    expect(formatCardNumber('4242 42424')).toBe('4242 4242 4');
    expect(formatExpiry('12')).toBe('12');
  });

  it('says what is incomplete on leaving a field and on validate, and clears it on edit', async () => {
    const { entry, user, number, expiry, cvv } = setup();
    await user.type(number, '4242');
    await user.tab();
    expect(number).toHaveAccessibleDescription(HORSE_MESSAGES.cardNumberIncomplete);
    expect(number).toHaveAttribute('aria-invalid', 'true');

    await user.type(number, '4');
    expect(number).not.toHaveAccessibleDescription(HORSE_MESSAGES.cardNumberIncomplete);
    expect(screen.queryByText(HORSE_MESSAGES.cardNumberIncomplete)).not.toBeInTheDocument();

    expect(entry.validate()).toBe(false);
    expect(await screen.findByText(HORSE_MESSAGES.cardNumberIncomplete)).toBeInTheDocument();
    expect(screen.getByText(HORSE_MESSAGES.expirationDateIncomplete)).toBeInTheDocument();
    expect(screen.getByText(HORSE_MESSAGES.cvvIncomplete)).toBeInTheDocument();

    await user.clear(number);
    await user.type(number, '4242424242424242');
    await user.type(expiry, '1240');
    await user.type(cvv, '123');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(entry.validate()).toBe(true);
  });

  it("shows the provider's error for an invalid number, else the domain's wording", async () => {
    const { entry, user, number, expiry } = setup();
    await user.type(number, '4242424242424241');
    expect(await screen.findByText('Your card number is invalid.')).toBeInTheDocument();
    await user.type(expiry, '1301');
    expect(screen.getByText("Your card's expiration date is invalid.")).toBeInTheDocument();
    await user.type(expiry, '{backspace}');
    expect(screen.queryByText("Your card's expiration date is invalid.")).not.toBeInTheDocument();

    entry.change('cvv', { empty: false, complete: false, error: {} });
    expect(await screen.findByText(HORSE_MESSAGES.cvvInvalid)).toBeInTheDocument();
  });

  it('hands out a sandbox payment method id, never the number', async () => {
    const { entry, user, number } = setup();
    await user.type(number, '4000002500003155');
    const method = await entry.createCardMethod({ name: 'Ada', email: 'a@example.org' });
    expect(method).toEqual({ id: expect.stringMatching(/^pm_sandbox_card_requires_action_3155_/) });
    expect(JSON.stringify(method)).not.toContain('4000002500003155');
  });
});
