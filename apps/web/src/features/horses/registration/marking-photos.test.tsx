import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { HORSE_MESSAGES, KEEP_MARKINGS_PART } from '@registry/domain';
import { renderWithStore } from '../../../test/render-with-store';
import { serveSignedInMember } from '../../../test/signed-in-member';
import type { Horse } from '../../../lib/horse-types';
import { RegistrationContext } from './registration-context';
import { horseFormResolver } from './form-resolver';
import {
  initialValues,
  withStoredPhotos,
  type HorseFormOutput,
  type HorseFormValues,
} from './form-values';
import { MarkingsSection } from './sections/markings-section';
import { editFormData } from './to-form-data';
import { editContext, storedHorse, validOutput } from './test-values';

/*
 * Issue 29 §4 item 2: editing a pending or rejected registration lists the stored marking photos
 * with Remove and Replace and an Add button; Save keeps the listed stored photos by id and sends
 * only the new ones (docs/api.md "Edit").
 */

vi.setConfig({ testTimeout: 20_000 });
serveSignedInMember();

let form: UseFormReturn<HorseFormValues, unknown, HorseFormOutput>;
function Edit({ horse }: { horse: Horse }) {
  form = useForm<HorseFormValues, unknown, HorseFormOutput>({
    defaultValues: withStoredPhotos(initialValues('edit', horse), horse),
    resolver: horseFormResolver('edit', horse, false, true),
  });
  return (
    <FormProvider {...form}>
      <RegistrationContext.Provider value={editContext(horse)}>
        <MarkingsSection />
      </RegistrationContext.Provider>
    </FormProvider>
  );
}

const jpeg = (name: string) => new File(['\xff\xd8\xff'], name, { type: 'image/jpeg' });
const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => /m\d\.jpg|new-\w+\.jpg/.exec(item.textContent ?? '')?.[0]);
/** The edit body the form would send for what it holds now. */
const editBody = () =>
  editFormData(
    { ...validOutput(), markingDocuments: form.getValues('markingDocuments') } as ReturnType<
      typeof validOutput
    >,
    undefined,
    { keepMarkings: true },
  );

describe('the marking photos of an edited registration', () => {
  it('lists the stored photos; Remove, Replace and Add change single photos, and Save keeps the rest by id', async () => {
    const horse = storedHorse({ approvalStatus: 'rejected' });
    const ids = horse.markingDocuments.map((file) => file.id);
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Edit horse={horse} />);
    const list = screen.getByRole('list', { name: 'Chosen files' });
    expect(names(list)).toEqual(['m1.jpg', 'm2.jpg', 'm3.jpg', 'm4.jpg']);

    await user.click(within(list).getByRole('button', { name: 'Remove m1.jpg' }));
    await waitFor(() => expect(names(list)).toEqual(['m2.jpg', 'm3.jpg', 'm4.jpg']));
    await user.upload(within(list).getByLabelText('Replace m3.jpg'), jpeg('new-face.jpg'));
    // New photos are scaled first (phone photos), so they join the list a moment later.
    await waitFor(() => expect(names(list)).toEqual(['m2.jpg', 'new-face.jpg', 'm4.jpg']));

    // Three photos are too few: the stored ones count with the new ones.
    expect(await form.trigger('markingDocuments')).toBe(false);
    expect(form.getFieldState('markingDocuments').error?.message).toBe(
      HORSE_MESSAGES.markingDocumentsTooFew,
    );

    await user.click(screen.getByRole('button', { name: 'Add photos' }));
    await user.upload(screen.getByLabelText('Horse Marking Documents'), jpeg('new-left.jpg'));
    await waitFor(() =>
      expect(names(list)).toEqual(['m2.jpg', 'new-face.jpg', 'm4.jpg', 'new-left.jpg']),
    );
    expect(await form.trigger('markingDocuments')).toBe(true);

    const body = editBody();
    expect(JSON.parse(String(body.get(KEEP_MARKINGS_PART)))).toEqual([ids[1], ids[3]]);
    expect(body.getAll('markingDocuments').map((file) => (file as File).name)).toEqual([
      'new-face.jpg',
      'new-left.jpg',
    ]);
  });

  it('removing every stored photo sends an empty keep list, which the rules call missing', async () => {
    const horse = storedHorse({ approvalStatus: 'pending' });
    const user = userEvent.setup({ delay: null });
    renderWithStore(<Edit horse={horse} />);
    for (const name of ['m1.jpg', 'm2.jpg', 'm3.jpg', 'm4.jpg']) {
      await user.click(screen.getByRole('button', { name: `Remove ${name}` }));
      await waitFor(() =>
        expect(screen.queryByRole('button', { name: `Remove ${name}` })).not.toBeInTheDocument(),
      );
    }
    expect(screen.queryByRole('list', { name: 'Chosen files' })).not.toBeInTheDocument();
    expect(await form.trigger('markingDocuments')).toBe(false);
    expect(form.getFieldState('markingDocuments').error?.message).toBe(
      HORSE_MESSAGES.markingDocumentsRequired,
    );
    expect(JSON.parse(String(editBody().get(KEEP_MARKINGS_PART)))).toEqual([]);
  });
});
