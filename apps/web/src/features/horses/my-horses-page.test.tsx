import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Horse } from '../../lib/horse-types';
import { stubbedMatchMedia } from '../../test/match-media';
import { type FakeReply } from '../../test/fake-transport';
import { serveSignedInMember } from '../../test/signed-in-member';
import { renderApp } from '../../test/render-app';
import { storedHorse } from './registration/test-values';

// The whole form mounts in jsdom; on a loaded machine that alone can pass 5 s.
vi.setConfig({ testTimeout: 30_000 });

const serve = serveSignedInMember();

const page = (items: Horse[], total = items.length) => ({
  status: 200,
  data: { success: true, data: { items, total, page: 1, pageSize: 10 } },
});

const approved = storedHorse({
  _id: 'h1',
  approvedName: 'Midnight Glide',
  registrationNum: 'GHR-0001',
  approvalStatus: 'approved',
  paymentStatus: 'paid',
  updatedAt: '2024-06-15T10:00:00.000Z',
});
const pending = storedHorse({
  _id: 'h2',
  firstChoice: 'Silver',
  secondChoice: 'Step',
  thirdChoice: 'Rack',
  approvalStatus: 'pending',
  paymentStatus: 'unpaid',
});

describe('My Horses', () => {
  it('shows a spinner while the list loads', async () => {
    serve(() => new Promise<FakeReply>(() => undefined));
    renderApp('/horse-list');
    // The first test loads the page's lazy chunk, which can be slow on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'My Horses' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    // The Transfers card above the list says it is loading too.
    const statuses = screen.getAllByRole('status').map((status) => status.textContent);
    expect(statuses).toContainEqual(expect.stringContaining('Loading your horses…'));
  });

  it('shows an empty state with the Register Horse button', async () => {
    const requests = serve(() => page([]));
    const user = userEvent.setup();
    renderApp('/horse-list');
    expect(await screen.findByRole('heading', { name: 'No horses yet' })).toBeInTheDocument();
    expect(requests.find((r) => r.url === 'auth/horses')).toMatchObject({
      params: { page: 1, pageSize: 10 },
    });
    const buttons = screen.getAllByRole('button', { name: 'Register Horse' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    expect(
      await screen.findByRole('dialog', { name: 'Register Horse' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('lists horses with names, numbers, status badges and dates', async () => {
    serve(() => page([approved, pending]));
    renderApp('/horse-list');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Midnight Glide');
    expect(rows[0]).toHaveTextContent('GHR-0001');
    expect(within(rows[0]!).getByText('Approved')).toHaveClass('text-success-emphasis');
    expect(within(rows[0]!).getByText('Paid')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('2024/06/15');
    expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent('Silver / Step / Rack');
    expect(rows[1]).toHaveTextContent('—');
    expect(within(rows[1]!).getByText('Pending')).toHaveClass('text-warning-emphasis');
    expect(within(rows[1]!).getByText('Unpaid')).toBeInTheDocument();
  });

  it('filters by approval status and pages through results', async () => {
    const requests = serve((config) =>
      (config.params as { page?: number } | undefined)?.page === 2
        ? page([pending], 11)
        : page([approved], 11),
    );
    const user = userEvent.setup();
    renderApp('/horse-list');
    await screen.findByRole('table');
    await user.selectOptions(screen.getByLabelText('Approval status'), 'approved');
    await waitFor(() =>
      expect(requests.at(-1)?.params).toMatchObject({ approvalStatus: 'approved', page: 1 }),
    );
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(requests.at(-1)?.params).toMatchObject({ page: 2 }));
    expect(
      await screen.findByRole('rowheader', { name: 'Silver / Step / Rack' }),
    ).toBeInTheDocument();
  });

  it('offers no delete for an approved horse', async () => {
    serve(() => page([approved]));
    renderApp('/horse-list');
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Edit Midnight Glide' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Midnight Glide' })).not.toBeInTheDocument();
  });

  it('asks before deleting, then calls DELETE and reloads', async () => {
    const draft = { ...pending, _id: 'h3', approvedName: 'Midnight Glide' };
    let items = [draft, pending];
    const requests = serve((config) => {
      if (config.method === 'delete') {
        items = items.filter((horse) => !config.url?.endsWith(horse._id));
        return { status: 200, data: { success: true, data: { id: 'h3' } } };
      }
      return page(items);
    });
    const user = userEvent.setup();
    const { store } = renderApp('/horse-list');
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Delete Midnight Glide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete horse' });
    expect(dialog).toHaveTextContent('Delete Midnight Glide? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('Midnight Glide')).not.toBeInTheDocument());
    expect(requests.filter((r) => r.method === 'delete')).toEqual([
      expect.objectContaining({ url: 'members/horses/h3' }),
    ]);
    // The list, then the list again after the delete (the drafts list is its own request).
    expect(requests.filter((r) => r.url === 'auth/horses')).toHaveLength(2);
    expect(store.getState().ui.toasts.at(-1)).toMatchObject({
      kind: 'success',
      message: 'Midnight Glide deleted',
    });
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const requests = serve(() => page([pending]));
    const user = userEvent.setup();
    renderApp('/horse-list');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Delete Silver / Step / Rack' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.method === 'delete')).toBe(false);
  });

  it('opens a horse in view mode after fetching it', async () => {
    const requests = serve((config) =>
      config.url === 'members/horses/h1'
        ? { status: 200, data: { success: true, data: approved } }
        : page([approved]),
    );
    const user = userEvent.setup();
    renderApp('/horse-list');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'View Midnight Glide' }));
    // The form's chunk is fetched on intent (pointer over the list) or on opening, not with
    // the page, so it may still be arriving after the click.
    const dialog = await screen.findByRole('dialog', { name: 'View Horse' }, { timeout: 10_000 });
    expect(await within(dialog).findByLabelText('Breed')).toBeDisabled();
    expect(requests.some((r) => r.url === 'members/horses/h1')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('My Horses on a phone', () => {
  const setScreen = stubbedMatchMedia();

  it('shows cards instead of a table', async () => {
    setScreen(() => true);
    serve(() => page([approved, pending]));
    renderApp('/horse-list');
    const list = await screen.findByRole('list', { name: 'My horses, page 1 of 1' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { name: 'Midnight Glide' })).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Approved')).toBeInTheDocument();
    expect(
      within(cards[1]!).getByRole('button', { name: 'Delete Silver / Step / Rack' }),
    ).toBeInTheDocument();
  });
});

describe('the registration modal from My Horses', () => {
  it('starts empty again after Close', async () => {
    serve(() => page([]));
    const user = userEvent.setup();
    renderApp('/horse-list');
    await screen.findByRole('heading', { name: 'No horses yet' });
    await user.click(screen.getAllByRole('button', { name: 'Register Horse' })[0]!);
    let dialog = await screen.findByRole('dialog', { name: 'Register Horse' }, { timeout: 10_000 });
    await user.type(within(dialog).getByLabelText('Breed'), 'Walker');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    // Something was typed: Close asks first (issue 14).
    const ask = await screen.findByRole('dialog', { name: 'Close the form?' });
    await user.click(within(ask).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getAllByRole('button', { name: 'Register Horse' })[0]!);
    dialog = await screen.findByRole('dialog', { name: 'Register Horse' }, { timeout: 10_000 });
    expect(within(dialog).getByLabelText('Breed')).toHaveValue('');
  });
});

describe('/register-horse', () => {
  it('opens the registration modal at once; Close goes to My Horses', async () => {
    serve(() => page([]));
    const user = userEvent.setup();
    const { location } = renderApp('/register-horse');
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Register Horse' },
      { timeout: 10_000 },
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await screen.findByRole('heading', { level: 1, name: 'My Horses' });
    expect(location.pathname).toBe('/horse-list');
  });
});
