import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import type { HorseSummary } from '../../lib/horse-summaries';
import { createAppStore } from '../../stores/create-store';
import { RejectionNote } from './certificate-button';

const horse = (overrides: Partial<HorseSummary>) =>
  ({ approvalStatus: 'pending', ...overrides }) as HorseSummary;

describe('RejectionNote', () => {
  it('shows the reason only for rejected horses', () => {
    const { rerender } = render(
      <Provider store={createAppStore()}>
        <RejectionNote
          horse={horse({ approvalStatus: 'rejected', rejectionReason: 'Blurred photos' })}
        />
      </Provider>,
    );
    expect(screen.getByText('Reason: Blurred photos')).toBeInTheDocument();
    rerender(
      <Provider store={createAppStore()}>
        <RejectionNote
          horse={horse({ approvalStatus: 'approved', rejectionReason: 'Old reason' })}
        />
      </Provider>,
    );
    expect(screen.queryByText(/Reason:/)).not.toBeInTheDocument();
  });

  it('says when a change to the approved record waits for the office', () => {
    const { rerender } = render(
      <Provider store={createAppStore()}>
        <RejectionNote horse={horse({ approvalStatus: 'approved', changePending: true })} />
      </Provider>,
    );
    expect(screen.getByText('Change awaiting review')).toBeInTheDocument();
    rerender(
      <Provider store={createAppStore()}>
        <RejectionNote horse={horse({ approvalStatus: 'approved', changePending: false })} />
      </Provider>,
    );
    expect(screen.queryByText('Change awaiting review')).not.toBeInTheDocument();
  });
});
