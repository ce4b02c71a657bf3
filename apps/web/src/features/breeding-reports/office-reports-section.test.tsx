import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminBreedingReport } from '@registry/domain';
import { withFakeTransport, type HttpRequest } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { renderWithStore } from '../../test/render-with-store';
import { breedingReport, stallion } from '../../test/breeding-reports';
import { BreedingCheck } from './breeding-check';
import { OfficeReportsSection } from './office-reports-section';

const serve = withFakeTransport();
beforeEach(() => storeSession(adminLoginResult));

const report: AdminBreedingReport = {
  ...breedingReport(),
  history: [
    { version: 1, at: '2026-06-01T10:00:00.000Z', actor: 'Ann Rider', action: 'filed', mares: 1 },
    { version: 2, at: '2026-07-01T10:00:00.000Z', actor: 'Ann Rider', action: 'amended', mares: 1 },
  ],
};
const ok = (data: unknown) => ({ status: 200, data: { success: true, data } });

function serveOffice(onReview: (request: HttpRequest) => { status: number; data: unknown }) {
  return serve((request) => {
    if (request.method === 'put') return onReview(request);
    if (request.url === 'admin/breeding-reports') {
      const { season, ...summary } = report;
      return ok({
        items: [{ ...summary, season, mares: 1 }],
        total: 1,
        page: 1,
        pageSize: 10,
      });
    }
    if (request.url === 'admin/breeding-reports/r1') return ok(report);
    return ok(null);
  });
}

describe('OfficeReportsSection', () => {
  it('filters by season and stallion, and shows who filed each version', async () => {
    const requests = serveOffice(() => ok(report));
    const user = userEvent.setup();
    renderWithStore(<OfficeReportsSection />);
    const section = await screen.findByRole('region', { name: 'Stallion breeding reports' });
    await within(section).findByText('Thunder Rack');
    await user.selectOptions(within(section).getByLabelText('Season'), '2026');
    await user.type(within(section).getByLabelText('Stallion name or number'), 'thunder');
    await waitFor(() =>
      expect(requests.at(-1)?.params).toMatchObject({ season: '2026', stallion: 'thunder' }),
    );
    await user.click(
      within(section).getByRole('button', { name: /Open report 2026 of Thunder Rack/ }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: '2026 breeding report of Thunder Rack',
    });
    await within(dialog).findByText(/Amended version 2 by Ann Rider/);
    expect(within(dialog).getByText('Lady Gray')).toBeTruthy();
  });

  it('marks the version shown reviewed, and shows what changed when it was amended since', async () => {
    const requests = serveOffice(() => ({
      status: 409,
      data: {
        success: false,
        error: 'The stallion owner amended this report after you opened it.',
        conflict: {
          currentVersion: 3,
          changes: [
            { field: 'mares.Blue Moon', from: '', to: 'Blue Moon: 2026-05-05, Live cover' },
          ],
        },
      },
    }));
    const user = userEvent.setup();
    renderWithStore(<OfficeReportsSection />);
    await user.click(
      await screen.findByRole('button', { name: /Open report 2026 of Thunder Rack/ }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: '2026 breeding report of Thunder Rack',
    });
    await user.click(
      await within(dialog).findByRole('button', { name: 'Mark version 2 reviewed' }),
    );
    await within(dialog).findByText('The stallion owner amended this report after you opened it.');
    expect(within(dialog).getByText(/Blue Moon: 2026-05-05/)).toBeTruthy();
    const put = requests.find((r) => r.method === 'put')!;
    expect(put.url).toBe('admin/breeding-reports/r1/review');
    expect(put.data).toEqual({ version: 2 });
  });
});

describe('BreedingCheck', () => {
  it("shows the server's flag to the reviewer", async () => {
    serve(() => ok({ linked: null, noBreedingReport: true }));
    renderWithStore(<BreedingCheck horseId="h1" />);
    const note = await screen.findByRole('note', { name: 'Breeding report' });
    expect(note.textContent).toContain('No breeding report');
  });

  it('names the breeding a foal is linked to', async () => {
    serve(() =>
      ok({
        noBreedingReport: false,
        linked: {
          breedingMareId: 'l1',
          reportId: 'r1',
          season: 2026,
          stallion,
          mare: { horseId: 'm1', name: 'Dixie Belle', registrationNumber: 'GHR-2' },
          mareName: 'Dixie Belle',
          mareOwnerName: 'Bo Smith',
          breedingDates: ['2026-05-01'],
          method: 'live-cover',
        },
      }),
    );
    renderWithStore(<BreedingCheck horseId="h1" />);
    const note = await screen.findByRole('note', { name: 'Breeding report' });
    expect(note.textContent).toContain('Thunder Rack (GHR-1) × Dixie Belle (GHR-2)');
    expect(note.textContent).toContain('Sire and dam are linked to their registered records');
  });
});
