import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StallionBreedingReports } from '@registry/domain';
import { withFakeTransport, type HttpRequest } from '../../test/fake-transport';
import { memberLoginResult, storeSession } from '../../test/fixtures';
import { renderWithStore } from '../../test/render-with-store';
import { breedingReport, mareLine, stallion } from '../../test/breeding-reports';
import { StallionReportsDialog } from './stallion-reports-dialog';
import { linesChanged, lineFromReport, toInput, emptyLine } from './report-lines';

const serve = withFakeTransport();
beforeEach(() => storeSession(memberLoginResult));

const report2025 = breedingReport({
  season: 2025,
  status: 'reviewed',
  filedAt: '2025-06-01T10:00:00.000Z',
  updatedAt: '2025-07-01T10:00:00.000Z',
  reviewedAt: '2025-08-01T10:00:00.000Z',
  reviewedBy: 'Office Clerk',
  reviewedVersion: 2,
  deadline: '2025-11-30',
  open: false,
  mares: [
    mareLine({
      mareHorseId: 'm1',
      mareRegistrationNumber: 'GHR-2',
      mareName: 'Dixie Belle',
      mareOwnerName: 'Bo Smith',
      breedingDates: ['2025-05-01'],
      method: 'live-cover',
      foals: 1,
    }),
  ],
});
const answer = (data: unknown, status = 200) => ({
  status,
  data: status < 400 ? { success: true, data, message: 'Breeding report filed' } : data,
});

function serveReports(onPut: (request: HttpRequest) => ReturnType<typeof answer>) {
  const list: StallionBreedingReports = {
    stallion,
    openSeasons: [{ season: 2026, deadline: '2026-11-30' }],
    reports: [report2025],
  };
  return serve((request) => (request.method === 'put' ? onPut(request) : answer(list)));
}

const open = () =>
  renderWithStore(
    <StallionReportsDialog horse={{ _id: 's1', name: 'Thunder Rack' }} onClose={() => {}} />,
  );

describe('StallionReportsDialog', () => {
  it('lists past seasons and files the open one: a registered mare by number, another by name', async () => {
    const requests = serveReports(() => answer({ ...report2025, season: 2026, version: 1 }));
    const user = userEvent.setup();
    open();
    expect(await screen.findByText('Dixie Belle')).toBeTruthy();
    expect(screen.getByText(/1 registered foal/)).toBeTruthy();
    // A closed season offers no amendment.
    expect(screen.queryByRole('button', { name: 'Amend 2025 report' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'File 2026 report' }));
    await user.type(screen.getByLabelText("Mare's registration number"), 'GHR-2');
    await user.selectOptions(screen.getByLabelText('Method'), 'ai-cooled');
    await user.type(screen.getByLabelText('Breeding date 1 of mare 1'), '2026-05-02');
    await user.click(screen.getByRole('button', { name: 'Add a mare' }));
    await user.click(screen.getAllByLabelText('Other mare')[1]!);
    await user.type(screen.getByLabelText("Mare's name"), 'Lady Gray');
    await user.type(screen.getByLabelText("Mare's owner"), 'Pat Jones');
    await user.selectOptions(screen.getAllByLabelText('Method')[1]!, 'live-cover');
    await user.type(screen.getByLabelText('Breeding date 1 of mare 2'), '2026-06-10');
    await user.click(screen.getByRole('button', { name: 'File report' }));

    await waitFor(() => expect(requests.some((r) => r.method === 'put')).toBe(true));
    const put = requests.find((r) => r.method === 'put')!;
    expect(put.url).toBe('members/horses/s1/breeding-reports/2026');
    expect(put.data).toEqual({
      mares: [
        {
          mareRegistrationNumber: 'GHR-2',
          mareName: '',
          mareOwnerName: '',
          breedingDates: ['2026-05-02'],
          method: 'ai-cooled',
        },
        {
          mareRegistrationNumber: '',
          mareName: 'Lady Gray',
          mareOwnerName: 'Pat Jones',
          breedingDates: ['2026-06-10'],
          method: 'live-cover',
        },
      ],
    });
  });

  it("shows the server's refusal at the mare's field", async () => {
    serveReports(() =>
      answer(
        {
          success: false,
          error: 'This registered horse is not a mare',
          fields: { 'mares.0.mareRegistrationNumber': 'This registered horse is not a mare' },
        },
        400,
      ),
    );
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'File 2026 report' }));
    await user.type(screen.getByLabelText("Mare's registration number"), 'GHR-9');
    await user.selectOptions(screen.getByLabelText('Method'), 'ai-frozen');
    await user.type(screen.getByLabelText('Breeding date 1 of mare 1'), '2026-05-02');
    await user.click(screen.getByRole('button', { name: 'File report' }));
    const field = screen.getByLabelText("Mare's registration number");
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('This registered horse is not a mare').length).toBeGreaterThan(0);
  });

  it('asks before typed lines are left, and keeps them on "Keep editing"', async () => {
    serveReports(() => answer(report2025));
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'File 2026 report' }));
    // Nothing typed yet: Back goes straight back.
    await user.click(screen.getByRole('button', { name: 'Back to the seasons' }));
    await user.click(screen.getByRole('button', { name: 'File 2026 report' }));
    await user.type(screen.getByLabelText("Mare's registration number"), 'GHR-2');
    // The dialog cannot be closed while lines are typed.
    expect(screen.getByRole('button', { name: 'Close' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Back to the seasons' }));
    const ask = screen.getByRole('alertdialog', { name: 'Discard the typed report?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByLabelText("Mare's registration number")).toHaveProperty('value', 'GHR-2');
    await user.click(screen.getByRole('button', { name: 'Back to the seasons' }));
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('button', { name: 'File 2026 report' })).toBeTruthy();
  });
});

describe('report lines', () => {
  it('send a registered mare by number only and keep the ids of filed lines', () => {
    const line = lineFromReport(report2025.mares[0]!);
    expect(toInput({ ...line, mareName: 'typed over' })).toEqual({
      id: 'l1',
      mareRegistrationNumber: 'GHR-2',
      mareName: '',
      mareOwnerName: '',
      breedingDates: ['2025-05-01'],
      method: 'live-cover',
    });
    expect(toInput({ ...emptyLine(), breedingDates: ['', '2026-01-02'] }).breedingDates).toEqual([
      '2026-01-02',
    ]);
  });

  it('tell a changed form from the one started with, whatever the keys', () => {
    const start = [lineFromReport(report2025.mares[0]!)];
    expect(
      linesChanged(
        start,
        start.map((l) => ({ ...l, key: 'other' })),
      ),
    ).toBe(false);
    expect(linesChanged(start, [{ ...start[0]!, method: 'ai-fresh' }])).toBe(true);
  });
});
