import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BULK_CREDENTIALS_MAX } from '@registry/domain';
import { withFakeTransport } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { batchesOf, BulkCredentials } from './bulk-credentials';

const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

const ids = Array.from({ length: 120 }, (_, i) => `m${i}`);
const answer = (memberIds: string[]) => ({
  status: 200,
  data: {
    success: true,
    data: {
      results: memberIds.map((id) => ({
        id,
        email: `${id}@example.org`,
        outcome: id === 'm3' ? 'inactive' : 'sent',
      })),
    },
  },
});

describe('Send credentials after an import', () => {
  it('splits the ids into the server’s batch size', () => {
    expect(batchesOf(ids).map((b) => b.length)).toEqual([
      BULK_CREDENTIALS_MAX,
      BULK_CREDENTIALS_MAX,
      120 - 2 * BULK_CREDENTIALS_MAX,
    ]);
  });

  it('sends every batch, shows progress and lists each member’s result', async () => {
    const requests = serve((request) =>
      answer((JSON.parse(request.data as string) as { memberIds: string[] }).memberIds),
    );
    const running = vi.fn();
    const user = userEvent.setup();
    render(<BulkCredentials memberIds={ids} onRunningChange={running} />);
    await user.click(screen.getByRole('button', { name: 'Send credentials to 120 members' }));
    expect(await screen.findByRole('status')).toHaveTextContent('119 sent, 1 skipped.');
    expect(requests.map((r) => (r.data as { memberIds: string[] }).memberIds.length)).toEqual([
      50, 50, 20,
    ]);
    expect(requests.every((r) => r.url === 'admin/members/send-credentials')).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'Sending credentials' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    const table = screen.getByRole('table', { name: 'Credentials sent' });
    expect(within(table).getAllByRole('row')).toHaveLength(121);
    expect(within(table).getByText('m3@example.org').closest('tr')).toHaveTextContent(
      'Inactive: not sent',
    );
    expect(running.mock.calls).toEqual([[true], [false]]);
  });

  it('names one member in the singular', async () => {
    const requests = serve(() => answer(['m1']));
    const user = userEvent.setup({ delay: null });
    render(<BulkCredentials memberIds={['m1']} />);
    await user.click(screen.getByRole('button', { name: 'Send credentials to 1 member' }));
    expect(await screen.findByRole('status')).toHaveTextContent('1 sent.');
    expect(requests).toHaveLength(1);
  });

  it('stops at a failed batch, says how far it got, and can be sent again', async () => {
    let calls = 0;
    serve((request) => {
      calls += 1;
      if (calls === 2) return { status: 429, data: { success: false, error: 'Too many requests' } };
      return answer((JSON.parse(request.data as string) as { memberIds: string[] }).memberIds);
    });
    const user = userEvent.setup();
    render(<BulkCredentials memberIds={ids} />);
    await user.click(screen.getByRole('button', { name: 'Send credentials to 120 members' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '50 of 120 were handled; sending again skips those already sent.',
    );
    await user.click(screen.getByRole('button', { name: 'Send again to those without a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('119 sent, 1 skipped.');
    expect(calls).toBe(5);
  });
});
