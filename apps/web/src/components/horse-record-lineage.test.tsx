import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { adminHorse } from '../test/admin-horse';
import { withFakeTransport } from '../test/fake-transport';
import { renderWithStore } from '../test/render-with-store';
import { HorseRecord } from './horse-record';

const serve = withFakeTransport();

const ref = (name: string, registrationNumber: string) => ({
  horseId: registrationNumber,
  name,
  registrationNumber,
});

describe('HorseRecord: lineage of a registered horse', () => {
  it('shows the registered pedigree and the offspring of an approved horse, links in a new tab', async () => {
    const requests = serve((request) => ({
      status: 200,
      data: {
        success: true,
        data: request.url.endsWith('/offspring')
          ? {
              items: [
                {
                  horseId: 'f1',
                  registrationNumber: 'GHR-F1',
                  name: 'Little Moon',
                  sex: 'Mare',
                  foalDate: '2024-05-01',
                  otherParent: { side: 'dam', name: 'Typed Mare', registrationNumber: null },
                },
              ],
              nextCursor: null,
            }
          : {
              horse: ref('Blue Moon', 'GHR-9'),
              links: { sire: ref('Old Moon', 'GHR-1'), dam: null },
              ancestors: [
                { path: 's', name: 'Old Moon', reg: 'GHR-1', horse: ref('Old Moon', 'GHR-1') },
                { path: 'sss', name: 'Far Moon', reg: '', horse: null },
              ],
            },
      },
    }));
    renderWithStore(
      <HorseRecord
        horse={adminHorse({
          approvalStatus: 'approved',
          approvedName: 'Blue Moon',
          registrationNum: 'GHR-9',
        })}
      />,
    );
    // The typed chart stands in until the registered one arrives (same name): wait for it.
    await screen.findByText('Far Moon');
    const chart = screen.getByRole('list', { name: 'Pedigree of Blue Moon' });
    const sire = within(chart).getByRole('link', { name: /GHR-1/ });
    expect(sire).toHaveAttribute('target', '_blank');
    expect(within(chart).getByText('Far Moon')).toBeInTheDocument();
    const offspring = await screen.findByRole('list', {
      name: 'Registered offspring of Blue Moon',
    });
    expect(within(offspring).getByRole('link', { name: /Little Moon/ })).toHaveAttribute(
      'href',
      '/verify/GHR-F1',
    );
    expect(requests.map((r) => r.url).sort()).toEqual([
      'public/horses/GHR-9/offspring',
      'public/horses/GHR-9/pedigree',
    ]);
  });

  it('keeps the typed three-generation chart and asks nothing for a horse not yet approved', () => {
    const requests = serve(() => ({ status: 500, data: { success: false, error: 'no' } }));
    renderWithStore(<HorseRecord horse={adminHorse({ approvalStatus: 'pending' })} />);
    expect(screen.getByRole('list', { name: /^Pedigree of/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Offspring' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url.startsWith('public/horses'))).toEqual([]);
  });
});
