import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { changeFieldLabel } from '@registry/domain';
import { HistoryTimeline } from './history-timeline';

describe('HistoryTimeline: parent links', () => {
  it('names a linked and an unlinked parent, and who did it', () => {
    render(
      <HistoryTimeline
        entries={[
          {
            at: '2026-11-28T04:00:00.000Z',
            type: 'other',
            action: 'horse.parent-link',
            by: { id: 'a1', name: 'Ada Admin', email: 'ada@example.org' },
            details: {
              side: 'sire',
              from: null,
              to: { horseId: 's1', registrationNumber: 'GHR-S', name: 'Old Copper' },
              version: 4,
            },
          },
          {
            at: '2026-11-28T04:05:00.000Z',
            type: 'other',
            action: 'horse.parent-unlink',
            by: { id: 'a1', name: 'Ada Admin', email: 'ada@example.org' },
            details: {
              side: 'sire',
              from: { horseId: 's1', registrationNumber: 'GHR-S', name: 'Old Copper' },
              to: null,
              version: 5,
            },
          },
        ]}
      />,
    );
    expect(screen.getByText('Registered parent linked')).toBeInTheDocument();
    expect(screen.getByText('sire: — → GHR-S Old Copper')).toBeInTheDocument();
    expect(screen.getByText('Registered parent unlinked')).toBeInTheDocument();
    expect(screen.getByText('sire: GHR-S Old Copper → —')).toBeInTheDocument();
    expect(screen.getAllByText(/by Ada Admin/)).toHaveLength(2);
    // A 409's changes name the links in words too.
    expect(changeFieldLabel('sireHorseId')).toBe('Registered sire');
  });
});
