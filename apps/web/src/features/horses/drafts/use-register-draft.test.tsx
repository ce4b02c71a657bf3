import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import type { HorseDraft } from '@registry/domain';
import { serveSignedInMember } from '../../../test/signed-in-member';
import { renderWithStore } from '../../../test/render-with-store';
import { useRegisterDraft, type RegisterDraft } from './use-register-draft';

vi.setConfig({ testTimeout: 20_000 });

const serve = serveSignedInMember();

const stored: HorseDraft = {
  id: 'd1',
  name: 'Midnight Glide',
  registrationType: '',
  fileCount: 0,
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:05:00.000Z',
  values: { firstChoice: 'Midnight Glide' },
  uploads: [],
};
const { values: _values, uploads: _uploads, ...summary } = stored;

function serveDrafts() {
  return serve((request) => {
    const ok = (data: unknown) => ({ status: 200, data: { success: true, data } });
    if (request.url === 'members/horse-drafts') return ok([summary]);
    if (request.method === 'get') return ok(stored);
    return ok({ ...summary, id: request.url.split('/').at(-1) });
  });
}

let draft: RegisterDraft;
function Form({ draftId }: { draftId?: string }) {
  const form = useForm({ defaultValues: { firstChoice: '' } });
  draft = useRegisterDraft(form, { enabled: true, draftId });
  return (
    <>
      <input aria-label="First choice" {...form.register('firstChoice')} />
      <output>{`${draft.status} ${draft.offer?.name ?? 'no offer'}`}</output>
    </>
  );
}

describe('the Register Horse form’s draft', () => {
  it('offers the latest draft, saves typing without asking again, and continues the draft', async () => {
    const requests = serveDrafts();
    const user = userEvent.setup();
    renderWithStore(<Form />);
    expect(await screen.findByText('idle Midnight Glide')).toBeInTheDocument();
    await user.type(screen.getByLabelText('First choice'), 'N');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('saved'), {
      timeout: 5_000,
    });
    const started = draft.id;
    // The debounced save is a plain PUT: it invalidates nothing, so nothing is read again.
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'get members/horse-drafts',
      `put members/horse-drafts/${started}`,
    ]);
    await act(() => draft.continueDraft('d1'));
    expect(screen.getByLabelText('First choice')).toHaveValue('Midnight Glide');
    expect(draft.id).toBe('d1');
    await waitFor(() =>
      expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        'get members/horse-drafts',
        `put members/horse-drafts/${started}`,
        'get members/horse-drafts/d1',
        `delete members/horse-drafts/${started}`,
      ]),
    );
  });

  it('opened on a draft, loads it (no offer) and reads it again at the next opening', async () => {
    const requests = serveDrafts();
    const first = renderWithStore(<Form draftId="d1" />);
    expect(await screen.findByText('saved no offer')).toBeInTheDocument();
    expect(screen.getByLabelText('First choice')).toHaveValue('Midnight Glide');
    first.unmount();
    renderWithStore(<Form draftId="d1" />, first.store);
    expect(await screen.findByText('saved no offer')).toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'get members/horse-drafts/d1',
      'get members/horse-drafts/d1',
    ]);
  });
});
