import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminHorse } from '../../test/admin-horse';
import { withFakeTransport } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { EMPTY_HORSE_FILTERS } from './api';
import { horseExportUrl } from './export-horses-button';

const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:horses');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('horse register export', () => {
  it('asks for the filters and order the list shows, without paging', () => {
    expect(
      horseExportUrl(
        { ...EMPTY_HORSE_FILTERS, q: ' Café ', approvalStatus: 'approved' },
        { field: 'name', order: 'asc' },
      ),
    ).toBe('admin/horses/export.csv?sort=name&order=asc&q=Caf%C3%A9&approvalStatus=approved');
  });

  it('downloads the CSV from the Horse List with the chosen filter', async () => {
    const requests = serve((config) =>
      config.url.startsWith('admin/horses/export.csv')
        ? {
            status: 200,
            data: new Blob(['\uFEFFregistrationNumber\n'], { type: 'text/csv' }),
            headers: { 'content-disposition': 'attachment; filename="horses-2026-01-01.csv"' },
          }
        : {
            status: 200,
            data: {
              success: true,
              data: { items: [adminHorse({})], total: 1, page: 1, pageSize: 10 },
            },
          },
    );
    const user = userEvent.setup();
    renderApp('/admin/horse-list');
    await screen.findByRole('table', {}, { timeout: 20_000 });
    await user.selectOptions(screen.getByLabelText('Payment status'), 'paid');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(requests.map((r) => r.url)).toContain(
        'admin/horses/export.csv?sort=createdAt&order=desc&paymentStatus=paid',
      ),
    );
    expect(URL.createObjectURL).toHaveBeenCalled();
  }, 30_000);
});
