import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withFakeTransport } from '../../test/fake-transport';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();

describe('Verify page', () => {
  it('confirms number, name, status, VERIFIED, sex, colour, foal year and owners without signing in', async () => {
    const requests = serve((request) => ({
      status: 200,
      data: {
        success: true,
        data: request.url.includes('/offspring')
          ? { items: [], nextCursor: null }
          : request.url.includes('/pedigree')
            ? {
                horse: { horseId: 'h', name: 'Blue Moon', registrationNumber: 'GHR-000042' },
                ancestors: [],
                links: { sire: null, dam: null },
              }
            : {
                registrationNumber: 'GHR-000042',
                name: 'Blue Moon',
                status: 'approved',
                verified: true,
                sex: 'Mare',
                color: 'Palomino',
                foalYear: 2019,
                owners: ['Jordan Reed', 'Casey Morgan'],
              },
      },
    }));
    renderApp('/verify/GHR-000042');
    expect(await screen.findByText('Blue Moon', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getAllByText('GHR-000042').length).toBeGreaterThan(0);
    expect(screen.getByText('VERIFIED')).toBeInTheDocument();
    // What a buyer matches against the horse in front of them (issue 21).
    expect(screen.getByText('Palomino')).toBeInTheDocument();
    expect(screen.getByText('2019')).toBeInTheDocument();
    expect(screen.getByText('Owners')).toBeInTheDocument();
    expect(screen.getByText('Jordan Reed and Casey Morgan')).toBeInTheDocument();
    expect(requests.find((r) => r.url === 'public/verify/GHR-000042')).toMatchObject({
      url: 'public/verify/GHR-000042',
      authorization: undefined,
    });
  });

  it('says clearly when the number is unknown', async () => {
    serve(() => ({
      status: 404,
      data: { success: false, error: 'No horse with this registration number' },
    }));
    renderApp('/verify/NOPE-1');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Not found.');
    expect(alert).toHaveTextContent('NOPE-1');
  });

  it("shows the horse's five-generation pedigree and its offspring, a page at a time", async () => {
    const ref = (name: string, registrationNumber: string) => ({
      horseId: registrationNumber,
      name,
      registrationNumber,
    });
    const foal = (i: number) => ({
      horseId: `f${i}`,
      registrationNumber: `GHR-F${i}`,
      name: `Foal ${i}`,
      sex: 'Mare',
      foalDate: `202${i}-04-0${i}`,
      otherParent: {
        side: 'dam',
        name: i === 1 ? 'Linked Mare' : `Typed Dam ${i}`,
        registrationNumber: i === 1 ? 'GHR-M' : null,
      },
    });
    const requests = serve((request) => {
      const params = (request.params ?? {}) as Record<string, string>;
      const data = request.url.endsWith('/offspring')
        ? params.after === 'next'
          ? { items: [foal(1)], nextCursor: null }
          : { items: [foal(3), foal(2)], nextCursor: 'next' }
        : request.url.endsWith('/pedigree')
          ? {
              horse: ref('Copper Sire', 'GHR-S'),
              links: { sire: ref('Old Copper', 'GHR-O'), dam: null },
              ancestors: [
                { path: 's', name: 'Old Copper', reg: 'GHR-O', horse: ref('Old Copper', 'GHR-O') },
                { path: 'd', name: 'Typed Dam', reg: '', horse: null },
                { path: 'ssss', name: 'Far Sire', reg: '', horse: null },
              ],
            }
          : {
              registrationNumber: 'GHR-S',
              name: 'Copper Sire',
              status: 'approved',
              verified: false,
              sex: 'Stallion',
              color: 'Bay',
              foalYear: 2012,
              owners: ['Jordan Reed'],
            };
      return { status: 200, data: { success: true, data } };
    });
    renderApp('/verify/GHR-S');
    const chart = await screen.findByRole(
      'list',
      { name: 'Pedigree of Copper Sire' },
      { timeout: 5000 },
    );
    expect(within(chart).getByRole('link', { name: /GHR-O/ })).toHaveAttribute(
      'href',
      '/verify/GHR-O',
    );
    expect(within(chart).getByText('Far Sire')).toBeInTheDocument();
    const offspring = await screen.findByRole('list', {
      name: 'Registered offspring of Copper Sire',
    });
    expect(
      within(offspring)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Foal 3'), expect.stringContaining('Foal 2')]);
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Show more offspring' }));
    expect(await screen.findByText('Foal 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Linked Mare/ })).toHaveAttribute(
      'href',
      '/verify/GHR-M',
    );
    expect(screen.queryByRole('button', { name: 'Show more offspring' })).not.toBeInTheDocument();
    // Every read is public: no token is sent.
    expect(requests.every((r) => r.authorization === undefined)).toBe(true);
    expect(
      requests.some((r) => (r.params as Record<string, string> | undefined)?.after === 'next'),
    ).toBe(true);
  });
});
