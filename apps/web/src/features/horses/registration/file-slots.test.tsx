import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import {
  HORSE_FILE_SLOTS,
  KEEP_MARKINGS_PART,
  putAtPath,
  UPLOAD_IDS_PART,
  UPLOADED_FILE_SLOTS,
  valueAtPath,
} from '@registry/domain';
import type { Horse } from '../../../lib/horse-types';
import { renderWithStore } from '../../../test/render-with-store';
import { serveSignedInMember } from '../../../test/signed-in-member';
import { FileInput } from './fields/file-input';
import type { HorseFieldName } from './fields/use-field-error';
import { fieldId, RegistrationContext } from './registration-context';
import { RegistrationDocumentSection } from './sections/registration-document-section';
import { uploadFieldOf } from '../uploads/upload-field';
import {
  horseToFormValues,
  initialValues,
  type HorseFormOutput,
  type HorseFormValues,
} from './form-values';
import { serverFieldPath } from './server-errors';
import { editContext, file, horseWithEveryFile, storedHorse, validOutput } from './test-values';
import { editFormData, registrationFormData } from './to-form-data';

/*
 * The files' table (domain horse/file-slots.ts) against the web's consumers: a place's form
 * path is its upload field and request part, the server's key for it reads back to the path,
 * and an edit holds the answer's stored file at the same path and keeps it by sending nothing.
 * Every check runs over the whole table, so a place added to it is covered. The server's side:
 * apps/api/src/modules/horses/file-slots.test.ts.
 */

const ONE_FILE_PLACES = UPLOADED_FILE_SLOTS.filter((place) => !place.multiple);

describe('the files table on the web', () => {
  it('names each uploaded place’s upload field, and reads the server’s key back to its path', () => {
    for (const place of UPLOADED_FILE_SLOTS) {
      expect(uploadFieldOf(place.path)).toBe(place.part);
      expect(serverFieldPath(place.part)).toBe(place.path);
      expect(serverFieldPath(place.path)).toBe(place.path);
    }
    for (const place of HORSE_FILE_SLOTS.filter((candidate) => candidate.drawn)) {
      expect(uploadFieldOf(place.path)).toBeUndefined();
    }
  });

  it('sends a file chosen at every place under its part', () => {
    const values = validOutput() as unknown as Record<string, unknown>;
    for (const place of UPLOADED_FILE_SLOTS) {
      const chosen = file(`${place.part}.pdf`);
      putAtPath(values, place.path, place.multiple ? [chosen, chosen] : chosen);
    }
    for (const build of [registrationFormData, editFormData]) {
      const body = build(values as unknown as HorseFormOutput);
      for (const place of UPLOADED_FILE_SLOTS) {
        const sent = body.getAll(place.part).map((part) => (part as File).name);
        expect(sent, place.part).toEqual(
          place.multiple ? [`${place.part}.pdf`, `${place.part}.pdf`] : [`${place.part}.pdf`],
        );
      }
    }
  });

  it('holds each stored one-file place as the answer gives it, and an edit keeps it by sending nothing', () => {
    const horse = horseWithEveryFile();
    const values = horseToFormValues(horse);
    for (const place of ONE_FILE_PLACES) {
      const stored = valueAtPath(horse, place.path) as { id: string; name: string; size: number };
      expect(valueAtPath(values, place.path), place.path).toMatchObject({
        held: 'stored',
        id: stored.id,
        name: stored.name,
        size: stored.size,
      });
    }
    const body = editFormData(values as unknown as HorseFormOutput);
    for (const place of UPLOADED_FILE_SLOTS) expect(body.has(place.part), place.part).toBe(false);
    expect(body.has(UPLOAD_IDS_PART)).toBe(false);
    expect(body.has(KEEP_MARKINGS_PART)).toBe(false);

    // A new pick at one place replaces its stored file there; the others stay kept.
    const [first] = ONE_FILE_PLACES;
    if (!first) throw new Error('no one-file place');
    putAtPath(values as unknown as Record<string, unknown>, first.path, file('new.pdf'));
    const replaced = editFormData(values as unknown as HorseFormOutput);
    expect(replaced.getAll(first.part).map((part) => (part as File).name)).toEqual(['new.pdf']);
    for (const place of ONE_FILE_PLACES.slice(1)) expect(replaced.has(place.part)).toBe(false);
  });

  it('starts a place the horse has no file for empty', () => {
    const horse = storedHorse() as unknown as Record<string, unknown>;
    for (const place of ONE_FILE_PLACES) putAtPath(horse, place.path, null);
    const values = horseToFormValues(horse as unknown as Horse);
    for (const place of ONE_FILE_PLACES) {
      expect(valueAtPath(values, place.path), place.path).toBeNull();
    }
  });
});

vi.setConfig({ testTimeout: 20_000 });
serveSignedInMember();

let form: UseFormReturn<HorseFormValues, unknown, HorseFormOutput>;
function EditDocument({ horse }: { horse: Horse }) {
  form = useForm<HorseFormValues, unknown, HorseFormOutput>({
    defaultValues: initialValues('edit', horse),
  });
  return (
    <FormProvider {...form}>
      <RegistrationContext.Provider value={editContext(horse)}>
        <RegistrationDocumentSection />
      </RegistrationContext.Provider>
    </FormProvider>
  );
}

describe('a stored one-file place in the edit form', () => {
  it('shows as the current file; a pick replaces it, and removing the pick keeps the stored one', async () => {
    const horse = storedHorse();
    renderWithStore(<EditDocument horse={horse} />);
    const user = userEvent.setup({ delay: null });
    expect(screen.getByRole('link', { name: 'papers.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Chosen files' })).not.toBeInTheDocument();
    expect(form.getValues('registrationDocument')).toMatchObject({
      held: 'stored',
      id: horse.registrationDocument?.id,
    });

    await user.upload(screen.getByLabelText('Horse Registration Document'), file('new.pdf'));
    expect((form.getValues('registrationDocument') as File).name).toBe('new.pdf');
    // Still shown: the file the pick replaces on Save.
    expect(screen.getByRole('link', { name: 'papers.pdf' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove new.pdf' }));
    expect(form.getValues('registrationDocument')).toMatchObject({
      held: 'stored',
      id: horse.registrationDocument?.id,
    });
  });
});

/** Every uploaded place's file input, in a register form or an edit of `horse`. */
function EveryFileInput({ horse }: { horse: Horse | null }) {
  const every = useForm<HorseFormValues>({
    defaultValues: initialValues(horse ? 'edit' : 'register', horse),
  });
  const context = horse
    ? editContext(horse)
    : { mode: 'register' as const, readOnly: false, horse, submittedRef: { current: false } };
  return (
    <FormProvider {...every}>
      <RegistrationContext.Provider value={context}>
        {UPLOADED_FILE_SLOTS.map((place) => (
          <FileInput key={place.path} name={place.path as HorseFieldName} />
        ))}
      </RegistrationContext.Provider>
    </FormProvider>
  );
}

const markedRequired = (path: string) =>
  document.getElementById(fieldId(path))?.getAttribute('aria-required') === 'true';

describe('a file input’s required mark (the table’s requiredUnlessStored)', () => {
  it('is on exactly the required places when registering', () => {
    renderWithStore(<EveryFileInput horse={null} />);
    for (const place of UPLOADED_FILE_SLOTS) {
      expect(markedRequired(place.path), place.path).toBe(place.requiredUnlessStored);
    }
  });

  it('is off a one-file place that holds its stored file in an edit', () => {
    renderWithStore(<EveryFileInput horse={horseWithEveryFile()} />);
    for (const place of ONE_FILE_PLACES) expect(markedRequired(place.path), place.path).toBe(false);
  });
});
