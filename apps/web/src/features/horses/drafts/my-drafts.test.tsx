import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DRAFT_EXPIRY_DAYS, type HorseDraftSummary } from '@registry/domain';
import { serveSignedInMember } from '../../../test/signed-in-member';
import { renderWithStore } from '../../../test/render-with-store';
import { MyDrafts } from './my-drafts';

/* Issue 29 §4 item 3: untitled drafts are told apart by the day they were started. */

const serve = serveSignedInMember();

const summary = (id: string, name: string, createdAt: string): HorseDraftSummary => ({
  id,
  name,
  registrationType: '',
  fileCount: 0,
  createdAt,
  updatedAt: createdAt,
});

describe('My Horses’ unfinished registrations', () => {
  it('lists a draft by its first name choice, or as an untitled draft from the day it was started', async () => {
    serve(() => ({
      status: 200,
      data: {
        success: true,
        data: [
          summary('a', 'Moonlit Rack', '2026-01-02T12:00:00.000Z'),
          summary('b', '', '2026-03-04T12:00:00.000Z'),
        ],
      },
    }));
    renderWithStore(<MyDrafts version={0} onContinue={() => undefined} />);
    const list = await screen.findByRole('list', { name: 'Unfinished registrations' });
    expect(list).toHaveTextContent('Moonlit Rack');
    // Noon UTC is March 4 in every time zone from UTC-11 to UTC+11.
    expect(
      screen.getByRole('button', { name: 'Continue Untitled draft from Mar 4, 2026' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(`A draft not changed for ${DRAFT_EXPIRY_DAYS} days is removed.`),
    ).toBeInTheDocument();
  });
});
