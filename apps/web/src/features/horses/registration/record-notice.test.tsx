import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { Horse } from '../../../lib/horse-types';
import { adminHorse } from '../../../test/admin-horse';
import { editOutcomeMessage, RecordNotice } from './record-notice';

const horse = (overrides: Partial<Horse>): Horse => ({ ...adminHorse(), ...overrides });

describe('RecordNotice', () => {
  it('shows the rejection reason in View and, in Edit, that saving resubmits', () => {
    const rejected = horse({ approvalStatus: 'rejected', rejectionReason: 'Blurred photos' });
    const { unmount } = render(<RecordNotice horse={rejected} mode="view" />);
    expect(screen.getByText('Blurred photos')).toBeInTheDocument();
    expect(screen.queryByText(/sends the registration back/)).not.toBeInTheDocument();
    unmount();
    render(<RecordNotice horse={rejected} mode="edit" />);
    expect(screen.getByText('Blurred photos')).toBeInTheDocument();
    expect(screen.getByText(/sends the registration back to the office/)).toBeInTheDocument();
  });

  it('lists a change awaiting review, and says in Edit how an approved record changes', () => {
    const approved = horse({
      approvalStatus: 'approved',
      pendingChange: {
        id: 'c1',
        submittedAt: '2026-11-20T10:00:00.000Z',
        changes: [{ field: 'sire.grand_dam.reg', from: '', to: 'GHR-7' }],
      },
    });
    render(<RecordNotice horse={approved} mode="edit" />);
    expect(screen.getByText(/This horse is approved/)).toBeInTheDocument();
    expect(screen.getByText('A change is awaiting review')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Change awaiting review' });
    expect(table).toHaveTextContent("Sire's grand dam: registration number—GHR-7");
  });

  it('does not tell the office that its own edits go for review', () => {
    const approved = horse({ approvalStatus: 'approved' });
    render(<RecordNotice horse={approved} mode="edit" office />);
    expect(screen.queryByText(/This horse is approved/)).not.toBeInTheDocument();
  });

  it('says nothing for a pending registration without a change', () => {
    const { container } = render(<RecordNotice horse={horse({})} mode="edit" />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('editOutcomeMessage', () => {
  const pendingChange = { id: 'c1', submittedAt: '2026-11-20T10:00:00.000Z', changes: [] };
  it('tells a resubmission, a change sent for review and a plain update apart', () => {
    expect(
      editOutcomeMessage(
        horse({ approvalStatus: 'rejected' }),
        horse({ approvalStatus: 'pending' }),
      ),
    ).toMatch(/sent back to the registry office/);
    expect(
      editOutcomeMessage(
        horse({ approvalStatus: 'approved' }),
        horse({ approvalStatus: 'approved', pendingChange }),
      ),
    ).toMatch(/^Change sent/);
    // Only the owners' address changed: the change waiting is the one from before.
    expect(
      editOutcomeMessage(
        horse({ approvalStatus: 'approved', pendingChange }),
        horse({ approvalStatus: 'approved', pendingChange }),
      ),
    ).toBe('Horse updated');
  });
});
