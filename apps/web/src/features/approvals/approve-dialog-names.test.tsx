import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminHorse } from '../../test/admin-horse';
import { withFakeTransport, type HttpRequest } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

const page = (items: unknown[]) => ({
  status: 200,
  data: { success: true, data: { items, total: items.length, page: 1, pageSize: 10 } },
});

function serveWithTaken(taken: string[]) {
  const horse = adminHorse();
  return serve((config: HttpRequest) => {
    if (config.url.startsWith('horse-names/availability')) {
      const names = new URLSearchParams(config.url.split('?')[1]).getAll('names');
      return {
        status: 200,
        data: {
          success: true,
          data: names.map((name) => ({ name, taken: taken.includes(name) })),
        },
      };
    }
    if (config.url === 'admin/change-requests') return page([]);
    if (config.url === `admin/horses/${horse._id}`) {
      return { status: 200, data: { success: true, data: { ...horse, history: [] } } };
    }
    return page([horse]);
  });
}

async function openApprove() {
  const user = userEvent.setup();
  renderApp('/admin/horse-reject-approve');
  await user.click(await screen.findByRole('button', { name: /^Review/ }, { timeout: 15_000 }));
  const review = await screen.findByRole('dialog', { name: /^Review/ });
  await within(review).findByText('papers.pdf');
  await user.click(within(review).getByRole('button', { name: 'Approve' }));
  return screen.findByRole('dialog', { name: /^Approve/ });
}

describe('Approve dialog: only free names', () => {
  it('disables the choices an approved horse already carries', async () => {
    const requests = serveWithTaken(['Blue Moon']);
    const dialog = await openApprove();
    const blue = await within(dialog).findByLabelText(
      /Blue Moon \(first choice, already registered\)/,
    );
    expect(blue).toBeDisabled();
    expect(within(dialog).getByLabelText(/Silver Moon/)).toBeEnabled();
    expect(requests.find((r) => r.url.startsWith('horse-names/availability'))?.url).toContain(
      'names=Blue%20Moon&names=Silver%20Moon&names=Night%20Moon&horseId=h1',
    );
  }, 30_000);

  it('says to reject when all three are taken', async () => {
    serveWithTaken(['Blue Moon', 'Silver Moon', 'Night Moon']);
    const dialog = await openApprove();
    expect(
      await within(dialog).findByText(/All three names are already registered/),
    ).toBeInTheDocument();
  }, 30_000);
});
