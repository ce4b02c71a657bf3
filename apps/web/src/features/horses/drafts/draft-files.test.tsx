import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from 'react-hook-form';
import type { HorseDraft, UploadReference } from '@registry/domain';
import { serveSignedInMember } from '../../../test/signed-in-member';
import { renderWithStore } from '../../../test/render-with-store';
import { FileInput } from '../registration/fields/file-input';
import {
  RegistrationContext,
  type RegistrationContextValue,
} from '../registration/registration-context';
import { registrationFormData } from '../registration/to-form-data';
import { validOutput } from '../registration/test-values';
import { UploadContext } from '../uploads/upload-context';
import { UploadTracker } from '../uploads/upload-tracker';
import { draftBodyOf } from './draft-values';
import { useRegisterDraft, type RegisterDraft } from './use-register-draft';

/*
 * Issue 29 §4 item 1: a continued draft shows the files it had (uploaded, named, removable) and
 * a save names them; a file whose upload finished is saved in the draft.
 */

vi.setConfig({ testTimeout: 20_000 });
const serve = serveSignedInMember();
afterEach(() => vi.unstubAllGlobals());

const ref = (id: string, field: string, fileName: string): UploadReference => ({
  id,
  field,
  fileName,
  size: 2048,
});
const papers = ref('00000000-0000-4000-8000-000000000001', 'registrationDocument', 'papers.pdf');
const photos = ['left', 'right', 'face', 'legs'].map((side, i) =>
  ref(`00000000-0000-4000-8000-00000000001${i}`, 'markingDocuments', `${side}.jpg`),
);
const stored: HorseDraft = {
  id: 'd1',
  name: 'Moonlit Rack',
  registrationType: 'Proven',
  fileCount: 5,
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:05:00.000Z',
  values: { firstChoice: 'Moonlit Rack', registrationDocument: papers, markingDocuments: photos },
  uploads: [papers, ...photos],
};

const context = {
  mode: 'register',
  readOnly: false,
  horse: null,
  submittedRef: { current: false },
} as RegistrationContextValue;

let draft: RegisterDraft;
let formValues: () => Record<string, unknown>;
function Form({ tracker }: { tracker: UploadTracker }) {
  const form = useForm({
    defaultValues: { firstChoice: '', registrationDocument: null, markingDocuments: [] },
  });
  draft = useRegisterDraft(form, { enabled: true, draftId: 'd1', uploads: tracker });
  formValues = () => form.getValues() as Record<string, unknown>;
  return (
    <FormProvider {...form}>
      <UploadContext.Provider value={tracker}>
        <RegistrationContext.Provider value={context}>
          <FileInput name="registrationDocument" />
          <FileInput name="markingDocuments" replaceable />
          <output>{draft.status}</output>
        </RegistrationContext.Provider>
      </UploadContext.Provider>
    </FormProvider>
  );
}

describe('a continued draft’s files', () => {
  it('come back as uploaded files, a save names their upload ids, and one removed leaves the draft and the server', async () => {
    const puts: Array<{ uploads: UploadReference[] }> = [];
    serve((request) => {
      const ok = (data: unknown) => ({ status: 200, data: { success: true, data } });
      if (request.method === 'put') {
        puts.push(JSON.parse(String(request.data)) as { uploads: UploadReference[] });
        return ok({ ...stored, updatedAt: '2026-01-02T10:06:00.000Z' });
      }
      return ok(stored);
    });
    const fetched = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetched);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Form tracker={new UploadTracker()} />);
    await screen.findByText('saved');

    const lists = screen.getAllByRole('list', { name: 'Chosen files' });
    expect(lists[0]).toHaveTextContent('papers.pdf');
    expect(lists[0]).toHaveTextContent('Uploaded');
    const markings = lists[1]!;
    expect(
      within(markings)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(photos.map((p) => expect.stringContaining(p.fileName) as unknown as string));

    // Save names the draft's uploads, marking photos in their order.
    const body = registrationFormData(
      { ...validOutput(), ...formValues() } as ReturnType<typeof validOutput>,
      new UploadTracker(),
    );
    expect(JSON.parse(String(body.get('uploads')))).toEqual([papers, ...photos].map((r) => r.id));
    expect(body.getAll('markingDocuments')).toEqual([]);

    await user.click(within(markings).getByRole('button', { name: 'Remove face.jpg' }));
    await waitFor(() => expect(puts).toHaveLength(1), { timeout: 5_000 });
    expect(puts[0]!.uploads.map((u) => u.fileName)).toEqual([
      'papers.pdf',
      'left.jpg',
      'right.jpg',
      'legs.jpg',
    ]);
    expect(fetched).toHaveBeenCalledWith(
      `/api/uploads/${photos[2]!.id}`,
      expect.objectContaining({ method: 'DELETE' }),
    );
  });
});

describe('draftBodyOf', () => {
  it('saves a chosen file whose upload finished as its reference, in its place and in uploads', () => {
    const chosen = new File(['x'], 'papers.pdf');
    const waiting = new File(['y'], 'left.jpg');
    const finished = {
      referenceOf: (file: unknown) => (file === chosen ? papers : undefined),
    };
    const body = draftBodyOf(
      { registrationDocument: chosen, markingDocuments: [waiting], firstChoice: 'A' },
      finished,
    );
    expect(body.uploads).toEqual([papers]);
    expect(body.values).toEqual({
      registrationDocument: papers,
      markingDocuments: [],
      firstChoice: 'A',
    });
  });
});
