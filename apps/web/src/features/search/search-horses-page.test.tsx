import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicHorseSummary } from '../../lib/horse-summaries';
import type { PublicHorse } from '../../lib/horse-types';
import { pedigreeSide } from '../horses/registration/test-values';
import { serveSignedInMember } from '../../test/signed-in-member';
import { renderApp } from '../../test/render-app';

const serve = serveSignedInMember();

const horse: Partial<PublicHorse> = {
  _id: 'p1',
  approvalStatus: 'approved',
  approvedName: 'Blue Moon',
  registrationNum: 'GHR-0042',
  sex: 'Stallion',
  color: 'Black',
  sire: pedigreeSide(['Dark Star', 'Old Star', 'Luna', 'Comet', 'Nova']),
  dam: pedigreeSide(['Moonbeam', 'Sun', 'Ray', '', 'Dawn']),
  markingDocuments: [
    { id: 'f1', name: 'left.jpg', mime: 'image/jpeg', size: 1, url: '/uploads/f1?sig=a' },
    { id: 'f2', name: 'right.jpg', mime: 'image/jpeg', size: 1, url: '/uploads/f2?sig=b' },
  ],
};
/** Search rows are summaries; the record above is what opening one fetches. */
const row: PublicHorseSummary = {
  _id: 'p1',
  approvalStatus: 'approved',
  approvedName: 'Blue Moon',
  registrationNum: 'GHR-0042',
  sex: 'Stallion',
  color: 'Black',
  gaitDesignation: '',
  stateFoaledIn: 'Kentucky',
  foalDate: '2019-04-01',
  sireName: 'Dark Star',
  damName: 'Moonbeam',
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};
const onePage = { items: [row], total: 1, page: 1, pageSize: 10 };

describe('Search Horses', () => {
  it('searches with the chosen filters and lists approved horses', async () => {
    const requests = serve(() => ({ status: 200, data: { success: true, data: onePage } }));
    const user = userEvent.setup();
    renderApp('/search-all-horses');
    const row = (await screen.findAllByRole('row', {}, { timeout: 5000 }))[1]!;
    expect(row).toHaveTextContent('Blue Moon');
    expect(row).toHaveTextContent('GHR-0042');
    expect(row).toHaveTextContent('Dark Star');
    expect(row).toHaveTextContent('Moonbeam');

    await user.selectOptions(screen.getByLabelText('Color'), 'Black');
    await user.type(screen.getByLabelText('Name, registration number, sire or dam'), 'moon');
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({
        url: 'auth/horses/search',
        params: { q: 'moon', color: 'Black', page: 1, pageSize: 10 },
      }),
    );
    // The order of a searched answer is said above it: whole-word names first.
    expect(screen.getByText(/names holding the searched word as a whole word first/)).toBeVisible();
  });

  it('says the order of the answer: by name, by prefix for one or two characters', async () => {
    serve(() => ({ status: 200, data: { success: true, data: onePage } }));
    const user = userEvent.setup();
    renderApp('/search-all-horses');
    expect(
      await screen.findByText('Approved horses of the whole registry, by name.'),
    ).toBeVisible();
    await user.type(screen.getByLabelText('Name, registration number, sire or dam'), 'bl');
    expect(
      await screen.findByText('Approved horses whose name starts with the search, by name.'),
    ).toBeVisible();
  });

  it('opens a horse by fetching its record: marking photos and a three-generation pedigree', async () => {
    const requests = serve((request) => ({
      status: 200,
      data: {
        success: true,
        data: request.url === 'auth/horses/search/p1' ? horse : onePage,
      },
    }));
    const user = userEvent.setup();
    renderApp('/search-all-horses');
    await user.click(await screen.findByRole('button', { name: 'View Blue Moon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blue Moon' });
    expect(
      await within(dialog).findAllByRole('img', { name: /Marking photo/ }, { timeout: 5000 }),
    ).toHaveLength(2);
    expect(requests.map((r) => r.url)).toContain('auth/horses/search/p1');
    const chart = within(dialog).getByRole('list', { name: 'Pedigree of Blue Moon' });
    const cells = within(chart)
      .getAllByRole('listitem')
      .map((cell) => cell.textContent);
    expect(cells).toHaveLength(11);
    expect(cells).toContain('SireDark Star');
    expect(cells).toContain('Great-grand damDawn');
    expect(cells).toContain('Great-grand sireUnknown');
  });

  it('searches by owner and by breeder, and shows the public Bred by of an opened horse', async () => {
    const requests = serve((request) => ({
      status: 200,
      data: {
        success: true,
        data:
          request.url === 'auth/horses/search/p1'
            ? { ...horse, bredBy: 'Hollow Creek Farm', breed: 'Tennessee Walker' }
            : onePage,
      },
    }));
    const user = userEvent.setup({ delay: null });
    renderApp('/search-all-horses');
    await screen.findAllByRole('row', {}, { timeout: 5000 });
    await user.type(screen.getByLabelText('Owner'), 'quist');
    await user.type(screen.getByLabelText('Bred by'), 'hollow');
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({
        url: 'auth/horses/search',
        params: { owner: 'quist', breeder: 'hollow', page: 1 },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'View Blue Moon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blue Moon' });
    // The facts come from the domain's public fields: Bred by is one of them.
    expect(await within(dialog).findByText('Bred by', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(dialog).getByText('Hollow Creek Farm')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    serve(() => ({
      status: 200,
      data: { success: true, data: { items: [], total: 0, page: 1, pageSize: 10 } },
    }));
    renderApp('/search-all-horses');
    expect(
      await screen.findByRole('heading', { name: 'No approved horses yet' }),
    ).toBeInTheDocument();
  });

  it('says so when the opened horse cannot be loaded', async () => {
    serve((request) =>
      request.url === 'auth/horses/search/p1'
        ? { status: 404, data: { success: false, error: 'Horse not found' } }
        : { status: 200, data: { success: true, data: onePage } },
    );
    const user = userEvent.setup();
    renderApp('/search-all-horses');
    await user.click(await screen.findByRole('button', { name: 'View Blue Moon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blue Moon' });
    expect(
      await within(dialog).findByText(/The horse could not be loaded: Horse not found/),
    ).toBeInTheDocument();
  });

  it('offers a retry when the search fails', async () => {
    serve(() => ({ status: 500, data: { success: false, error: 'Database unavailable' } }));
    renderApp('/search-all-horses');
    expect(await screen.findByText(/Database unavailable/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
