import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { ADMIN_MESSAGES, STATES } from '@registry/domain';
import type { Member } from '../../lib/admin-types';
import { createAppStore } from '../../stores/create-store';
import { MemberFormModal } from './member-form-modal';

const stored: Member = {
  id: 'm1',
  email: 'ann@example.org',
  memberNumber: 'M-0001',
  firstName: 'Ann',
  lastName: 'Rider',
  name: 'Ann Rider',
  phone: null,
  address: null,
  city: null,
  state: 'KY',
  zip: null,
  active: true,
  hasPassword: false,
  horseCount: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

function renderForm(member: Member | null) {
  render(
    <Provider store={createAppStore()}>
      <MemberFormModal visible member={member} onClose={vi.fn()} onSaved={vi.fn()} />
    </Provider>,
  );
}

describe('Member form: the state is chosen from the registration form’s list', () => {
  it('offers the same states as the registration form and the profile', () => {
    renderForm(null);
    const state = screen.getByLabelText('State');
    expect(state.tagName).toBe('SELECT');
    const offered = Array.from((state as HTMLSelectElement).options, (o) => o.value).slice(1);
    expect(offered).toEqual([...STATES]);
  });

  it('keeps a stored state from outside the list selectable (an import of older data)', () => {
    renderForm(stored);
    expect(screen.getByLabelText('State')).toHaveValue('KY');
  });
});

describe('Member form: the domain’s rules and a fresh form on each opening', () => {
  it('shows the rule’s message, sends nothing, and clears a field’s error once it is edited', async () => {
    const onSaved = vi.fn();
    const user = userEvent.setup();
    render(
      <Provider store={createAppStore()}>
        <MemberFormModal visible member={null} onClose={vi.fn()} onSaved={onSaved} />
      </Provider>,
    );
    await user.click(screen.getByRole('button', { name: 'Create member' }));
    const first = screen.getByLabelText('First name *');
    await waitFor(() =>
      expect(first).toHaveAccessibleDescription(ADMIN_MESSAGES.firstNameRequired),
    );
    expect(screen.getByLabelText('Last name *')).toHaveAccessibleDescription(
      ADMIN_MESSAGES.lastNameRequired,
    );
    await user.type(first, 'Ann');
    expect(first).not.toHaveAccessibleDescription(ADMIN_MESSAGES.firstNameRequired);
    expect(screen.getByLabelText('Last name *')).toHaveAccessibleDescription(
      ADMIN_MESSAGES.lastNameRequired,
    );
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('opens again with the stored values, not what was typed before closing', async () => {
    const store = createAppStore();
    const user = userEvent.setup();
    const form = (visible: boolean) => (
      <Provider store={store}>
        <MemberFormModal visible={visible} member={stored} onClose={vi.fn()} onSaved={vi.fn()} />
      </Provider>
    );
    const { rerender } = render(form(true));
    await user.clear(screen.getByLabelText('First name *'));
    await user.type(screen.getByLabelText('First name *'), 'Typed');
    rerender(form(false));
    await waitFor(() => expect(screen.queryByLabelText('First name *')).toBeNull());
    rerender(form(true));
    expect(await screen.findByLabelText('First name *')).toHaveValue('Ann');
  });
});
