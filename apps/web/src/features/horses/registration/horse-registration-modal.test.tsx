import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HORSE_MESSAGES } from '@registry/domain';
import { renderModal } from './render-modal';
import { storedHorse } from './test-values';

// The whole form mounts in jsdom; on a loaded machine that alone can pass 5 s.
vi.setConfig({ testTimeout: 30_000 });

const section = (title: string) => screen.getByRole('region', { name: title });
const group = (name: string, container: HTMLElement = document.body) =>
  within(container).queryByRole('group', { name });

describe('HorseRegistrationModal: register mode', () => {
  it('is titled Register Horse and shows every register section in spec order', async () => {
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Register Horse' });
    const titles = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Registration Type',
      'Gait Designation',
      'Registration Number',
      'Performance Verification',
      'Performance Video',
      'Registration Document',
      'Breeding Information',
      'Sex',
      'Horse Name Choices',
      'Other Registries',
      'DNA',
      'Pedigree',
      'Markings',
      'Owners',
      'Certification',
      'Signature',
      'Fees, Billing and Payment',
    ]);
    const number = within(section('Registration Number')).getByLabelText(
      'Registration number of this horse',
    );
    expect(number).toBeDisabled();
    expect(number).toHaveAttribute('placeholder', 'Assigned on approval');
    expect(within(section('Performance Verification')).getByText(/\$20/)).toHaveTextContent(
      'VERIFIED',
    );
    expect(screen.queryByRole('region', { name: 'Payment Info' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('shows one owner row for Single and two for Joint', async () => {
    const user = userEvent.setup();
    renderModal();
    const owners = section('Owners');
    expect(within(owners).getByRole('radio', { name: 'Single' })).toBeChecked();
    expect(group('Owner 1', owners)).toBeInTheDocument();
    expect(group('Owner 2', owners)).not.toBeInTheDocument();

    await user.type(within(group('Owner 1', owners)!).getByLabelText('Name'), 'Ada');
    await user.click(within(owners).getByRole('radio', { name: 'Joint' }));
    expect(group('Owner 2', owners)).toBeInTheDocument();
    expect(within(group('Owner 2', owners)!).getByLabelText('Member Number')).toHaveValue('');
    expect(within(group('Owner 1', owners)!).getByLabelText('Name')).toHaveValue('Ada');

    await user.click(within(owners).getByRole('radio', { name: 'Single' }));
    expect(group('Owner 2', owners)).not.toBeInTheDocument();
    expect(within(group('Owner 1', owners)!).getByLabelText('Name')).toHaveValue('Ada');
  });

  it('asks for the DNA test date only when DNA is Yes', async () => {
    const user = userEvent.setup();
    renderModal();
    const dna = section('DNA');
    expect(within(dna).queryByLabelText('DNA Test Date')).not.toBeInTheDocument();
    expect(within(dna).queryByLabelText('DNA Case')).not.toBeInTheDocument();

    const tested = within(dna).getByRole('group', {
      name: 'Has this horse been DNA tested before?',
    });
    await user.click(within(tested).getByRole('radio', { name: 'Yes' }));
    const date = within(dna).getByLabelText('DNA Test Date');
    expect(within(dna).getByLabelText('DNA Case')).toBeInTheDocument();
    expect(
      within(dna).getByText('Will the DNA testing form be submitted within 30 days?'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(date).toHaveAccessibleDescription(HORSE_MESSAGES.dnaTestDateRequired);

    await user.type(date, '2023-01-02');
    await waitFor(() =>
      expect(within(dna).queryByText(HORSE_MESSAGES.dnaTestDateRequired)).not.toBeInTheDocument(),
    );

    await user.click(within(tested).getByRole('radio', { name: 'No' }));
    expect(within(dna).queryByLabelText('DNA Test Date')).not.toBeInTheDocument();
  });

  it('on Save with an empty form: messages, a count per section and focus on the first error', async () => {
    const user = userEvent.setup();
    renderModal();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(within(section('Owners')).getByText('6 errors')).toBeInTheDocument(),
    );
    expect(within(section('Breeding Information')).getByText('3 errors')).toBeInTheDocument();
    expect(within(section('Horse Name Choices')).getByText('3 errors')).toBeInTheDocument();
    expect(within(section('DNA')).getByText('1 error')).toBeInTheDocument();
    expect(within(section('Markings')).getByText('3 errors')).toBeInTheDocument();
    expect(within(section('Signature')).getByText('1 error')).toBeInTheDocument();
    expect(within(section('Registration Type')).queryByText(/error/)).not.toBeInTheDocument();
    expect(within(section('Pedigree')).queryByText(/error/)).not.toBeInTheDocument();

    expect(screen.getByText(HORSE_MESSAGES.dnaRequired)).toBeInTheDocument();
    expect(screen.getByText(HORSE_MESSAGES.registrationDocumentRequired)).toBeInTheDocument();
    expect(screen.getByText(HORSE_MESSAGES.markingDocumentsRequired)).toBeInTheDocument();
    expect(screen.getByText(HORSE_MESSAGES.ownerSignatureRequired)).toBeInTheDocument();
    expect(within(section('Certification')).getByText(HORSE_MESSAGES.termsRequired)).toBeVisible();
    expect(screen.getByLabelText('State Foaled In')).toHaveAccessibleDescription(
      HORSE_MESSAGES.stateFoaledInRequired,
    );
    expect(screen.getByLabelText('First Choice')).toHaveAttribute('aria-invalid', 'true');

    // The first field with an error, in the order the form shows them.
    const verification = section('Performance Verification');
    expect(within(verification).getByRole('radio', { name: 'Yes' })).toHaveFocus();
  });

  it('validates on change: a message appears and goes as the member types', async () => {
    const user = userEvent.setup();
    renderModal();
    const first = screen.getByLabelText('First Choice');
    await user.type(first, 'M');
    await user.clear(first);
    expect(await screen.findByText(HORSE_MESSAGES.firstChoiceRequired)).toBeInTheDocument();
    await user.type(first, 'Midnight');
    await waitFor(() =>
      expect(screen.queryByText(HORSE_MESSAGES.firstChoiceRequired)).not.toBeInTheDocument(),
    );
  });
});

describe('HorseRegistrationModal: edit mode', () => {
  it('is titled Edit Horse, hides names, signature and verification, and prefills the horse', async () => {
    renderModal({ mode: 'edit', horse: storedHorse() });
    await screen.findByRole('dialog', { name: 'Edit Horse' });
    expect(screen.queryByLabelText('First Choice')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Horse Name Choices' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Signature' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Performance Verification' }),
    ).not.toBeInTheDocument();

    expect(screen.getByLabelText('Breed')).toHaveValue('Racking Horse');
    expect(screen.getByLabelText('Foal Date')).toHaveValue('2020-04-01');
    expect(screen.getByLabelText('Breeding Date')).toHaveValue('2020-05-01');
    expect(screen.getByLabelText('DNA Test Date')).toHaveValue('2023-03-04');
    expect(screen.getByLabelText('State Foaled In')).toHaveValue('Tennessee');
    expect(screen.getByRole('radio', { name: 'Mare' })).toBeChecked();
    expect(within(group('Owner 2')!).getByLabelText('Name')).toHaveValue('Bo Rider');
    expect(within(group('Sire')!).getByLabelText('Name')).toHaveValue('Sire One');
    expect(within(group('Other Registry 1')!).getByLabelText('Registry Name')).toHaveValue(
      'TWHBEA',
    );

    // File inputs start empty; the stored files are linked beside them.
    expect(screen.getByLabelText('Horse Registration Document')).toHaveValue('');
    expect(screen.getByRole('link', { name: 'papers.pdf' })).toHaveAttribute(
      'href',
      '/uploads/f-papers.pdf?exp=1&sig=x',
    );
    expect(screen.getByRole('link', { name: 'twh.pdf' })).toBeInTheDocument();
    // Stored marking photos are listed one by one, each to keep, remove or replace.
    const markings = screen.getByRole('list', { name: 'Chosen files' });
    expect(
      within(markings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^m1\.jpg/),
      expect.stringMatching(/^m2\.jpg/),
      expect.stringMatching(/^m3\.jpg/),
      expect.stringMatching(/^m4\.jpg/),
    ]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('HorseRegistrationModal: errors in the pedigree tabs', () => {
  it('counts errors on the tab and opens the Dam tab when it holds the first error', async () => {
    const user = userEvent.setup();
    renderModal({ mode: 'edit', horse: storedHorse() });
    const pedigree = section('Pedigree');
    await user.click(within(pedigree).getByRole('tab', { name: 'Dam' }));
    const reg = within(within(pedigree).getByRole('group', { name: 'Dam' })).getByLabelText(
      'Registration Number',
    );
    await user.clear(reg);
    await user.type(reg, 'X'.repeat(31));
    expect(
      await within(pedigree).findByText(HORSE_MESSAGES.registrationNumberTooLong),
    ).toBeInTheDocument();
    await user.click(within(pedigree).getByRole('tab', { name: 'Sire' }));
    expect(within(pedigree).getByRole('tab', { name: /Dam/ })).toHaveTextContent('1 error');
    expect(reg).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(reg).toHaveFocus());
    expect(within(pedigree).getByRole('tab', { name: /Dam/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(reg).toBeVisible();
  });
});

describe('HorseRegistrationModal: view mode', () => {
  it('is titled View Horse, disables every field, hides Save and shows Payment Info', async () => {
    const user = userEvent.setup();
    renderModal({
      mode: 'view',
      horse: storedHorse({ paymentMode: null, updatedAt: '2024-06-15T10:00:00.000Z' }),
    });
    const dialog = await screen.findByRole('dialog', { name: 'View Horse' });
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();

    for (const label of [
      'Breed',
      'Foal Date',
      'State Foaled In',
      'Color',
      'First Choice',
      'Left Side',
    ]) {
      expect(screen.getByLabelText(label)).toBeDisabled();
    }
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByLabelText('Horse Registration Document')).toBeDisabled();
    expect(screen.getByRole('img', { name: 'Owner signature' })).toBeInTheDocument();

    const payment = section('Payment Info');
    expect(within(payment).getByText('Payment Mode').nextElementSibling).toHaveTextContent(/^-$/);
    expect(within(payment).getByText('Last updated at').nextElementSibling).toHaveTextContent(
      '2024/06/15',
    );

    // The pedigree tabs still switch, so the dam's side can be read.
    await user.click(screen.getByRole('tab', { name: 'Dam' }));
    expect(
      within(screen.getByRole('tabpanel', { name: 'Dam' })).getAllByLabelText('Name')[0],
    ).toHaveValue('Dam One');
  });

  it('shows the payment mode when there is one', async () => {
    renderModal({ mode: 'view', horse: storedHorse({ paymentMode: 'Credit Card' }) });
    const payment = await screen.findByRole('region', { name: 'Payment Info' });
    expect(within(payment).getByText('Credit Card')).toBeInTheDocument();
  });

  it('waits for the horse with a spinner and closes with Close', async () => {
    const user = userEvent.setup();
    const { onClose } = renderModal({ mode: 'view', horse: null, loading: true });
    await screen.findByRole('dialog', { name: 'View Horse' });
    expect(screen.getByRole('status')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
