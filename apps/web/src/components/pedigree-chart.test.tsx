import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { withFakeTransport } from '../test/fake-transport';
import { adminLoginResult, storeSession } from '../test/fixtures';
import { renderWithStore } from '../test/render-with-store';
import { PedigreeChart } from './pedigree-chart';

const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

describe('PedigreeChart', () => {
  it('links registered ancestors to their record and leaves other numbers as text', async () => {
    const requests = serve(() => ({
      status: 200,
      data: {
        success: true,
        data: [{ horseId: 'h9', registrationNumber: 'GHR-2026-00001', name: 'Easy Rack' }],
      },
    }));
    renderWithStore(
      <PedigreeChart
        subject={{ name: 'Foal', reg: 'GHR-2026-00002' }}
        sire={{ parent: { name: 'Easy Rack', reg: 'ghr-2026-00001' } }}
        dam={{ parent: { name: 'Somebody', reg: 'XYZ-77' } }}
      />,
    );
    const chart = screen.getByRole('list', { name: 'Pedigree' });
    const link = await within(chart).findByRole('link', { name: /GHR-2026-00001/ });
    expect(link).toHaveAttribute('href', '/verify/GHR-2026-00001');
    expect(within(chart).getByText('XYZ-77').tagName).toBe('SPAN');
    // The horse itself is not linked to itself.
    expect(within(chart).getAllByRole('link')).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: 'pedigree/registered',
      params: { numbers: ['GHR-2026-00001', 'XYZ-77'] },
    });
  });

  it('asks nothing when no ancestor has a number', () => {
    const requests = serve(() => ({ status: 500, data: {} }));
    renderWithStore(<PedigreeChart subject={{ name: 'Foal' }} sire={{}} dam={{}} />);
    expect(screen.getAllByText('Unknown')).toHaveLength(10);
    expect(requests).toHaveLength(0);
  });

  it('reads an answer that is not a list as nothing registered, without crashing', async () => {
    const requests = serve(() => ({
      status: 200,
      data: { success: true, data: { items: [], total: 0, page: 1, pageSize: 10 } },
    }));
    renderWithStore(
      <PedigreeChart
        subject={{ name: 'Foal' }}
        sire={{ parent: { name: 'Easy Rack', reg: 'GHR-1' } }}
        dam={{}}
      />,
    );
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.getByText('GHR-1').tagName).toBe('SPAN');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
