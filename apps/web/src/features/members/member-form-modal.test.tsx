import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { STATES } from '@registry/domain';
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
