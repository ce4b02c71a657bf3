import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Horse } from '../../lib/horse-types';
import { adminHorse } from '../../test/admin-horse';
import { withFakeTransport } from '../../test/fake-transport';
import { adminLoginResult, storeSession } from '../../test/fixtures';
import { renderWithStore } from '../../test/render-with-store';
import { PedigreeCheck, pedigreeNumbers } from './pedigree-check';

const serve = withFakeTransport();
beforeEach(() => {
  storeSession(adminLoginResult);
});

function withPedigree(): Horse {
  const horse = adminHorse();
  return {
    ...horse,
    sire: { ...horse.sire, reg: 'GHR-1', grand_dam: { ...horse.sire.grand_dam, reg: 'GHR-404' } },
    dam: { ...horse.dam, reg: '' },
  };
}

describe('Pedigree check for the reviewer', () => {
  it('names every pedigree number with its place', () => {
    expect(pedigreeNumbers(withPedigree())).toEqual([
      { place: 'Sire', reg: 'GHR-1' },
      { place: "Sire's grand dam", reg: 'GHR-404' },
    ]);
  });

  it('flags the numbers no approved horse carries, once the register answered', async () => {
    serve(() => ({
      status: 200,
      data: { success: true, data: [{ horseId: 'h1', registrationNumber: 'GHR-1', name: 'A' }] },
    }));
    renderWithStore(<PedigreeCheck horse={withPedigree()} />);
    const note = await screen.findByRole('note', { name: 'Pedigree check' });
    expect(within(note).getByText("Sire's grand dam: GHR-404")).toBeInTheDocument();
    expect(within(note).queryByText(/Sire: GHR-1/)).not.toBeInTheDocument();
  });

  it('says nothing while the register cannot be asked', async () => {
    const requests = serve(() => ({ status: 500, data: { success: false, error: 'down' } }));
    renderWithStore(<PedigreeCheck horse={withPedigree()} />);
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
