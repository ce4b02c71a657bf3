import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withFakeTransport } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

const refused = {
  id: '0b6f2c1e-0000-4000-8000-000000000001',
  to: 'gone@example.org',
  subject: 'Your registration was approved',
  attempts: 1,
  lastError: '550 Mailbox unavailable',
  state: 'failed',
  createdAt: '2026-01-01T10:00:00.000Z',
  nextAttemptAt: '2026-01-01T10:00:00.000Z',
  failedAt: '2026-01-01T10:00:05.000Z',
};

describe('undelivered mail on the admin dashboard', () => {
  it('lists refused mail and sends it again on request', async () => {
    let problems: unknown[] = [refused];
    const requests = serve((config) => {
      if (config.url === 'admin/mail/problems') {
        return { status: 200, data: { success: true, data: problems } };
      }
      if (config.url === `admin/mail/${refused.id}/retry`) {
        problems = [];
        return {
          status: 200,
          data: { success: true, data: { id: refused.id }, message: 'Queued again.' },
        };
      }
      return { status: 404, data: { success: false, error: 'Not found' } };
    });
    const user = userEvent.setup();
    renderApp('/');
    const card = await screen.findByRole(
      'region',
      { name: /Undelivered mail \(1\)/ },
      { timeout: 20_000 },
    );
    expect(within(card).getByText('gone@example.org')).toBeInTheDocument();
    expect(within(card).getByText('Refused')).toBeInTheDocument();
    expect(within(card).getByText('550 Mailbox unavailable')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Send again to gone@example.org' }));
    await waitFor(() =>
      expect(
        requests.some((r) => r.method === 'post' && r.url === `admin/mail/${refused.id}/retry`),
      ).toBe(true),
    );
    // Reloaded after the retry: nothing left, so the card goes away.
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /Undelivered mail/ })).toBeNull(),
    );
  }, 40_000);

  it('shows nothing when all mail went out', async () => {
    const requests = serve((config) =>
      config.url === 'admin/mail/problems'
        ? { status: 200, data: { success: true, data: [] } }
        : { status: 404, data: { success: false, error: 'Not found' } },
    );
    renderApp('/');
    await waitFor(() => expect(requests.some((r) => r.url === 'admin/mail/problems')).toBe(true), {
      timeout: 20_000,
    });
    expect(screen.queryByRole('region', { name: /Undelivered mail/ })).toBeNull();
  }, 40_000);
});
