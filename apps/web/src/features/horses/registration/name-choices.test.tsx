import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REGISTER_RULE_MESSAGES } from '@registry/domain';
import { withFakeTransport } from '../../../test/fake-transport';
import { renderModal } from './render-modal';

vi.setConfig({ testTimeout: 60_000 });
const serve = withFakeTransport();

/** "Copper Rack" is in the register: the availability answer says so in any case or spacing. */
function registerWithCopperRack() {
  return serve((request) => {
    if (request.url.startsWith('horse-names/availability')) {
      const names = new URLSearchParams(request.url.split('?')[1]).getAll('names');
      return {
        status: 200,
        data: {
          success: true,
          data: names.map((name) => ({
            name,
            taken: name.replace(/\s+/g, '').toLowerCase() === 'copperrack',
          })),
        },
      };
    }
    return { status: 404, data: { success: false, error: 'Not found' } };
  });
}

const errorOf = (field: string) => document.getElementById(`horse-${field}-error`);

describe('Name choices', () => {
  it('says at the field itself that a choice is already registered, and drops it once changed', async () => {
    const requests = registerWithCopperRack();
    const user = userEvent.setup({ delay: null });
    renderModal();
    const second = screen.getByLabelText(/Second Choice/);
    await user.type(screen.getByLabelText(/First Choice/), 'Night Owl');
    await user.type(second, 'copper rack');
    await waitFor(() =>
      expect(errorOf('secondChoice')).toHaveTextContent(
        REGISTER_RULE_MESSAGES.nameChoiceTaken('copper rack'),
      ),
    );
    expect(errorOf('secondChoice')).toHaveTextContent('copper rack is already registered');
    expect(second).toHaveAttribute('aria-invalid', 'true');
    expect(second.getAttribute('aria-describedby')).toContain('horse-secondChoice-error');
    // The free choice has no message; the empty one is not told it is required yet.
    expect(errorOf('firstChoice')).toBeNull();
    expect(errorOf('thirdChoice')).toBeNull();
    const asked = requests.filter((r) => r.url.startsWith('horse-names/availability'));
    expect(asked.at(-1)?.url).toBe(
      'horse-names/availability?names=Night%20Owl&names=copper%20rack',
    );

    await user.type(second, ' Jr');
    await waitFor(() => expect(errorOf('secondChoice')).toBeNull());
    expect(second).not.toHaveAttribute('aria-invalid');
  });

  it('a choice that repeats an earlier one (case and spacing ignored) is named at the later field', async () => {
    registerWithCopperRack();
    const user = userEvent.setup({ delay: null });
    renderModal();
    await user.type(screen.getByLabelText(/First Choice/), 'Night Owl');
    await user.type(screen.getByLabelText(/Third Choice/), 'night  OWL');
    await waitFor(() =>
      expect(errorOf('thirdChoice')).toHaveTextContent(
        REGISTER_RULE_MESSAGES.nameChoiceRepeated('First Choice'),
      ),
    );
    // Changing the earlier choice clears the later one's message.
    await user.type(screen.getByLabelText(/First Choice/), ' 2');
    await waitFor(() => expect(errorOf('thirdChoice')).toBeNull());
  });
});
