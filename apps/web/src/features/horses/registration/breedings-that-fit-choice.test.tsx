import { useRef, type RefObject } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import type { BreedingFit } from '@registry/domain';
import { withFakeTransport } from '../../../test/fake-transport';
import { memberLoginResult, storeSession } from '../../../test/fixtures';
import { renderWithStore } from '../../../test/render-with-store';
import type { HorseFormValues } from './form-values';
import { RegistrationContext } from './registration-context';
import { BreedingsThatFit } from './sections/breedings-that-fit';

const serve = withFakeTransport();

const fit: BreedingFit = {
  breedingMareId: 'l1',
  reportId: 'r1',
  season: 2026,
  stallion: { horseId: 's1', name: 'Thunder Rack', registrationNumber: 'GHR-1' },
  mare: { horseId: 'm1', name: 'Dixie Belle', registrationNumber: 'GHR-2' },
  mareName: 'Dixie Belle',
  mareOwnerName: 'Bo Smith',
  breedingDates: ['2026-05-01'],
  method: 'live-cover',
  gestationDays: 340,
};

const seen: { form?: UseFormReturn<HorseFormValues>; choice?: RefObject<string | null> } = {};

/** The section inside a form whose sire, dam and foal date are typed already. */
function Harness() {
  const form = useForm<HorseFormValues>({
    defaultValues: {
      sire: { name: '', reg: 'ghr-1' },
      dam: { name: 'Dixie', reg: '' },
      foalDate: '2026-04-06',
    } as unknown as HorseFormValues,
  });
  const choice = useRef<string | null>(null);
  seen.form = form;
  seen.choice = choice;
  return (
    <FormProvider {...form}>
      <RegistrationContext.Provider
        value={{
          mode: 'register',
          readOnly: false,
          horse: null,
          submittedRef: { current: false },
          breedingChoice: choice,
        }}
      >
        <BreedingsThatFit />
      </RegistrationContext.Provider>
    </FormProvider>
  );
}

describe('Breedings that fit', () => {
  it('asks with what is typed, and a choice fills sire and dam and is sent with the save', async () => {
    storeSession(memberLoginResult);
    const requests = serve(() => ({ status: 200, data: { success: true, data: [fit] } }));
    const user = userEvent.setup();
    renderWithStore(<Harness />);
    const radio = await screen.findByRole(
      'radio',
      { name: /Thunder Rack × Dixie Belle/ },
      { timeout: 3000 },
    );
    expect(requests[0]?.url).toBe('breedings/fits');
    expect(requests[0]?.params).toEqual({
      foalDate: '2026-04-06',
      sireRegistrationNumber: 'ghr-1',
      damName: 'Dixie',
    });
    await user.click(radio);
    expect(seen.form!.getValues('sire.name')).toBe('Thunder Rack');
    expect(seen.form!.getValues('sire.reg')).toBe('GHR-1');
    expect(seen.form!.getValues('dam.name')).toBe('Dixie Belle');
    expect(seen.form!.getValues('dam.reg')).toBe('GHR-2');
    await waitFor(() => expect(seen.choice!.current).toBe('l1'));
    await user.click(screen.getByRole('radio', { name: 'None of these' }));
    await waitFor(() => expect(seen.choice!.current).toBeNull());
  });

  it('says when no report fits, so the owner knows the office will see it', async () => {
    storeSession(memberLoginResult);
    serve(() => ({ status: 200, data: { success: true, data: [] } }));
    renderWithStore(<Harness />);
    expect(
      await screen.findByText(/No stallion breeding report names this sire and dam/, undefined, {
        timeout: 3000,
      }),
    ).toBeTruthy();
    expect(seen.choice!.current).toBeNull();
  });
});
