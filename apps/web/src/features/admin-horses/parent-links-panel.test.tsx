import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withFakeTransport } from '../../test/fake-transport';
import { adminLoginResult, adminUser, storeSession } from '../../test/fixtures';
import { renderWithStore } from '../../test/render-with-store';
import { ParentLinksPanel } from './parent-links-panel';

const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

const sire = { horseId: 's1', name: 'Old Copper', registrationNumber: 'GHR-S' };

describe('ParentLinksPanel', () => {
  it('links a sire by number on the version the office has open, and unlinks', async () => {
    let linked: typeof sire | null = null;
    const requests = serve((request) => {
      if (request.method === 'put') {
        const body = JSON.parse(String(request.data)) as { registrationNumber: string | null };
        linked = body.registrationNumber ? sire : null;
        return {
          status: 200,
          data: {
            success: true,
            message: linked ? 'The parent is linked' : 'The link is removed',
            data: { version: 8, side: 'sire', parent: linked },
          },
        };
      }
      return {
        status: 200,
        data: { success: true, data: { version: 7, sire: linked, dam: null } },
      };
    });
    const user = userEvent.setup({ delay: null });
    renderWithStore(<ParentLinksPanel horseId="h1" version={7} onReviewAgain={() => {}} />);
    expect(await screen.findAllByText('Not linked to a record')).toHaveLength(2);
    await user.type(screen.getByLabelText("Sire's registration number"), ' ghr-s ');
    await user.click(screen.getByRole('button', { name: 'Link sire' }));
    expect(await screen.findByRole('link', { name: 'Old Copper (GHR-S)' })).toHaveAttribute(
      'href',
      '/verify/GHR-S',
    );
    expect(requests.find((r) => r.method === 'put')).toMatchObject({
      url: 'admin/horses/h1/parents/sire',
      data: { registrationNumber: 'ghr-s', version: 7 },
    });
    await user.click(screen.getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(screen.getAllByText('Not linked to a record')).toHaveLength(2));
    expect(requests.filter((r) => r.method === 'put').at(-1)?.data).toEqual({
      registrationNumber: null,
      version: 7,
    });
  });

  it('shows a refusal at the field and a changed horse with what changed', async () => {
    const reviewAgain = vi.fn();
    let attempt = 0;
    serve((request) => {
      if (request.method !== 'put') {
        return {
          status: 200,
          data: { success: true, data: { version: 3, sire: null, dam: null } },
        };
      }
      attempt += 1;
      return attempt === 1
        ? {
            status: 400,
            data: { success: false, error: 'A dam must be recorded as a mare', fields: {} },
          }
        : {
            status: 409,
            data: {
              success: false,
              error: 'This horse was changed after you opened it.',
              conflict: {
                currentVersion: 4,
                changes: [{ field: 'sireHorseId', from: '', to: 'GHR-S Old Copper' }],
              },
            },
          };
    });
    const user = userEvent.setup({ delay: null });
    renderWithStore(<ParentLinksPanel horseId="h1" version={3} onReviewAgain={reviewAgain} />);
    await screen.findAllByText('Not linked to a record');
    await user.type(screen.getByLabelText("Dam's registration number"), 'GHR-S');
    await user.click(screen.getByRole('button', { name: 'Link dam' }));
    expect(await screen.findByText('A dam must be recorded as a mare')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Link dam' }));
    expect(
      await screen.findByText('This horse was changed after you opened it.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/GHR-S Old Copper/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review again' }));
    expect(reviewAgain).toHaveBeenCalled();
  });

  it('shows a read-only staff member the links without the form', async () => {
    storeSession({ ...adminLoginResult, user: { ...adminUser, staffRole: 'read-only' } });
    serve(() => ({
      status: 200,
      data: { success: true, data: { version: 2, sire, dam: null } },
    }));
    renderWithStore(<ParentLinksPanel horseId="h1" version={2} onReviewAgain={() => {}} />);
    expect(await screen.findByRole('link', { name: 'Old Copper (GHR-S)' })).toBeInTheDocument();
    expect(screen.queryByLabelText("Sire's registration number")).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlink' })).not.toBeInTheDocument();
  });
});
