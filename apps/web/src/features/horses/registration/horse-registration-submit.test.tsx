import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { withFakeTransport, type FakeReply } from '../../../test/fake-transport';
import { STUB_PNG_DATA_URL } from '../../../test/canvas-stub';
import { drawStroke } from '../../../test/draw-stroke';
import { PAYMENT_MESSAGES } from '@registry/domain';
import { renderModal } from './render-modal';
import { storedHorse } from './test-values';
import { fill } from '../../../test/fill';

// The whole form mounts in jsdom; on a loaded machine that alone can pass 5 s.
vi.setConfig({ testTimeout: 30_000 });

const serve = withFakeTransport();

const section = (title: string) => screen.getByRole('region', { name: title });
const file = (name: string, type: string) => new File(['data'], name, { type });

async function fillRegistration(user: UserEvent) {
  await user.click(within(section('Performance Verification')).getByRole('radio', { name: 'No' }));
  await user.upload(
    screen.getByLabelText('Horse Registration Document'),
    file('papers.pdf', 'application/pdf'),
  );
  await user.selectOptions(screen.getByLabelText('State Foaled In'), 'Tennessee');
  await fill(user, screen.getByLabelText('Breed'), 'Racking Horse');
  await fill(user, screen.getByLabelText('Foal Date'), '2020-04-01');
  await fill(user, screen.getByLabelText('Breeding Date'), '2020-05-01');
  await user.click(screen.getByRole('radio', { name: 'Mare' }));
  await fill(user, screen.getByLabelText('First Choice'), 'Midnight Glide');
  await fill(user, screen.getByLabelText('Second Choice'), 'Silver Step');
  await fill(user, screen.getByLabelText('Third Choice'), 'Easy Rack');
  const dna = within(section('DNA')).getByRole('group', {
    name: 'Has this horse been DNA tested before?',
  });
  await user.click(within(dna).getByRole('radio', { name: 'No' }));
  await user.selectOptions(screen.getByLabelText('Color'), 'Bay');
  await user.selectOptions(screen.getByLabelText('Pattern'), 'None');
  await user.upload(
    screen.getByLabelText('Horse Marking Documents', { selector: 'input' }),
    ['a.png', 'b.png', 'c.jpg', 'd.jpeg'].map((name) => file(name, 'image/png')),
  );
  const owner = within(section('Owners')).getByRole('group', { name: 'Owner 1' });
  await fill(user, within(owner).getByLabelText('Member Number'), 'M-1001');
  await fill(user, within(owner).getByLabelText('Name'), 'Ada Rider');
  await fill(user, within(owner).getByLabelText('Address'), '1 Barn Road');
  await fill(user, within(owner).getByLabelText('City'), 'Lexington');
  await user.selectOptions(within(owner).getByLabelText('State'), 'Kentucky');
  await fill(user, within(owner).getByLabelText('Zip'), '40502');
  await user.click(within(section('Certification')).getByRole('checkbox'));

  await sign(user, 'Owner Signature');
}

async function sign(user: UserEvent, name: string) {
  await user.click(screen.getByRole('button', { name }));
  const pad = (await screen.findByRole('dialog', { name })).querySelector('canvas')!;
  drawStroke(pad, [
    [10, 10],
    [80, 40],
  ]);
  await user.click(
    within(screen.getByRole('dialog', { name })).getByRole('button', { name: 'Save' }),
  );
  await waitFor(() => expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument());
}

/** Section 17 with a sandbox test card. */
async function fillPayment(user: UserEvent, card = '4242424242424242') {
  const fees = section('Fees, Billing and Payment');
  await user.click(within(fees).getByLabelText('Prepay DNA Fee ($50)'));
  await fill(user, within(fees).getByLabelText('Billing Address'), '1 Barn Road');
  await fill(user, within(fees).getByLabelText('Phone Number'), '(859) 555-0100');
  await fill(user, within(fees).getByLabelText('Email'), 'ada@example.org');
  await fill(user, within(fees).getByLabelText('Account Holder Name'), 'Ada Rider');
  await sign(user, "Account Holder's Signature");
  await user.click(within(fees).getByRole('radio', { name: 'Credit Card' }));
  await user.selectOptions(within(fees).getByLabelText('Card Type'), 'VISA');
  await fill(user, await within(fees).findByLabelText('Card Number'), card);
  await fill(user, within(fees).getByLabelText('Expiration Date'), '1240');
  await fill(user, within(fees).getByLabelText('CVV'), '123');
  await user.click(within(fees).getByRole('checkbox', { name: /I authorize the association/ }));
}

/** The register flow's calls: config (sandbox), register, payment-process. */
function payRoutes(register: FakeReply, pay: FakeReply = { status: 200, data: { success: true } }) {
  return (config: { url?: string; method?: string }): FakeReply => {
    if (config.url === 'config') return { status: 200, data: { success: true, data: {} } };
    if (config.url === 'members/horses/register') return register;
    if (config.url?.startsWith('members/payment-process/')) return pay;
    if (config.url?.startsWith('members/horses/')) return { status: 200, data: { success: true } };
    return { status: 404, data: { success: false, error: 'Not found' } };
  };
}

/**
 * The edit flow's calls: `put` answers the save; the look-ups the form makes meanwhile (owners'
 * member numbers, pedigree links, breedings that fit) find nothing.
 */
function editRoutes(put: FakeReply | Promise<FakeReply>) {
  return (config: { method?: string }): FakeReply | Promise<FakeReply> =>
    config.method === 'put' ? put : { status: 200, data: { success: true, data: [] } };
}

describe('registering a horse', () => {
  it('saves, pays through the order summary, toasts, reports the horse and closes', async () => {
    const created = storedHorse({ _id: 'new-1' });
    const requests = serve(
      payRoutes(
        { status: 201, data: { success: true, data: created } },
        {
          status: 200,
          data: { success: true, message: 'Paid', url: null, paymentIntentId: 'pi_1' },
        },
      ),
    );
    const user = userEvent.setup({ delay: null });
    const { store, onSaved, onClose } = renderModal();
    await fillRegistration(user);
    await fillPayment(user);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('dialog', { name: 'Payment Details' });
    // No verification asked for, DNA prepaid: 30 + 50.
    expect(within(summary).getByTestId('order-total')).toHaveTextContent('$80.00');
    await user.click(within(summary).getByRole('button', { name: 'Proceed' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(created));
    expect(onClose).toHaveBeenCalledTimes(1);
    const posts = requests.filter((request) => request.method === 'post');
    expect(posts.map((request) => request.url)).toEqual([
      'members/horses/register',
      'members/payment-process/new-1',
    ]);
    const body = posts[0]!.data as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('firstChoice')).toBe('Midnight Glide');
    expect(body.get('foalDate')).toBe('2020-04-01');
    expect(body.get('ownerSignature')).toBe(STUB_PNG_DATA_URL);
    expect(body.getAll('markingDocuments')).toHaveLength(4);
    expect(JSON.parse(String(body.get('owners')))[0]).toMatchObject({
      zip: '40502',
      state: 'Kentucky',
    });
    expect(JSON.parse(String(body.get('fees')))).toMatchObject({ prepayDNAFee: true });

    const payment = posts[1]!.data as {
      paymentMethodId: string;
      checkedAgreement: boolean;
      fees: unknown;
      billingInfo: { email: string; paymentInfo: unknown };
    };
    expect(payment.paymentMethodId).toMatch(/^pm_sandbox_card_succeeds_4242_/);
    expect(payment.fees).toEqual({ prepayDNAFee: true });
    // The agreement travels with the payment: the server keeps it as the debit authorisation.
    expect(payment.checkedAgreement).toBe(true);
    expect(payment.billingInfo.email).toBe('ada@example.org');
    expect(payment.billingInfo.paymentInfo).toEqual({
      paymentMethod: 'Credit Card',
      creditCard: { cardType: 'VISA' },
    });
    // The card number went to no request and no store.
    const sent = JSON.stringify(requests.map((r) => r.data)) + String(body.get('billingInfo'));
    expect(sent).not.toContain('4242424242424242');
    expect(sent).not.toContain('4242 4242');
    expect(JSON.stringify(store.getState())).not.toContain('4242');
    expect(store.getState().ui.toasts).toEqual([
      expect.objectContaining({ kind: 'success', message: 'Paid' }),
    ]);
  }, 120_000);

  it('deletes the just-saved horse when the card cannot become a payment method', async () => {
    const created = storedHorse({ _id: 'new-2' });
    const requests = serve(payRoutes({ status: 201, data: { success: true, data: created } }));
    const user = userEvent.setup({ delay: null });
    const { store, onSaved, onClose } = renderModal();
    await fillRegistration(user);
    // Luhn-valid, but not one of the sandbox's test cards.
    await fillPayment(user, '5555555555554444');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Payment Details' })).getByRole('button', {
        name: 'Proceed',
      }),
    );
    await waitFor(() =>
      expect(store.getState().ui.toasts.at(-1)).toMatchObject({
        kind: 'danger',
        message: PAYMENT_MESSAGES.notSandboxCard,
      }),
    );
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['post members/horses/register', 'delete members/horses/new-2']),
    );
    expect(requests.some((r) => r.url?.startsWith('members/payment-process/'))).toBe(false);
    // Back to the form to fix the card; nothing reported as saved.
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Payment Details' })).not.toBeInTheDocument(),
    );
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  }, 120_000);

  it('shows the server error, puts field messages under their fields and stays open', async () => {
    serve(
      payRoutes({
        status: 400,
        data: {
          success: false,
          error: 'Some fields need attention',
          fields: {
            'owners.0.zip': 'Zip code not found',
            markingDocuments: 'Invalid file format. Please upload valid file type',
          },
        },
      }),
    );
    const user = userEvent.setup({ delay: null });
    const { store, onSaved, onClose } = renderModal();
    await fillRegistration(user);
    await fillPayment(user);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Payment Details' })).getByRole('button', {
        name: 'Proceed',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Payment Details' })).not.toBeInTheDocument(),
    );
    const zip = within(section('Owners')).getByLabelText('Zip');
    await waitFor(() => expect(zip).toHaveAccessibleDescription('Zip code not found'));
    expect(within(section('Markings')).getByText('1 error')).toBeInTheDocument();
    // The first of them in the form's order gets the focus.
    expect(screen.getByLabelText('Horse Marking Documents', { selector: 'input' })).toHaveFocus();
    expect(store.getState().ui.toasts).toEqual([
      expect.objectContaining({ kind: 'danger', message: 'Some fields need attention' }),
    ]);
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  }, 120_000);
});

describe('editing a horse', () => {
  it('puts only the edit parts, with files only when chosen', async () => {
    const requests = serve(
      editRoutes({ status: 200, data: { success: true, data: storedHorse({ breed: 'Walker' }) } }),
    );
    const user = userEvent.setup({ delay: null });
    const { store, onSaved } = renderModal({ mode: 'edit', horse: storedHorse() });
    expect(
      screen.queryByRole('region', { name: 'Fees, Billing and Payment' }),
    ).not.toBeInTheDocument();
    const breed = screen.getByLabelText('Breed');
    await user.clear(breed);
    await fill(user, breed, 'Walker');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    // The sire's register number is looked up too (linked pedigrees); the save is the PUT.
    const request = requests.find((sent) => sent.method === 'put');
    expect(request).toMatchObject({ method: 'put', url: 'members/horses/h1' });
    const body = request!.data as FormData;
    expect(body.get('breed')).toBe('Walker');
    expect(body.get('DNA_TEST_DATE')).toBe('2023-03-04');
    expect(body.has('firstChoice')).toBe(false);
    expect(body.has('ownerSignature')).toBe(false);
    expect(body.has('registrationDocument')).toBe(false);
    expect(body.has('markingDocuments')).toBe(false);
    expect(body.has('billingInfo')).toBe(false);
    expect(body.has('fees')).toBe(false);
    expect(JSON.parse(String(body.get('owners')))).toHaveLength(2);
    expect(store.getState().ui.toasts.at(-1)).toMatchObject({
      kind: 'success',
      message: 'Horse updated',
    });
  });

  it('disables Close and Save while saving', async () => {
    let answer: (reply: FakeReply) => void = () => undefined;
    // Only the save waits; the look-ups Save asks first (owners' member numbers) are answered.
    serve(editRoutes(new Promise<FakeReply>((resolve) => (answer = resolve))));
    const user = userEvent.setup({ delay: null });
    renderModal({ mode: 'edit', horse: storedHorse() });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const saving = await screen.findByRole('button', { name: 'Saving…' });
    expect(saving).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Close' })).toBeDisabled();
    expect(
      screen.getByRole('progressbar', { name: 'Uploading the registration' }),
    ).toBeInTheDocument();
    answer({ status: 500, data: { success: false, error: 'Server down' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();
  });
});

describe('an error in a field the mode does not show', () => {
  it('is reported in a toast', async () => {
    const requests = serve(
      editRoutes({ status: 200, data: { success: true, data: storedHorse() } }),
    );
    const user = userEvent.setup();
    const { store } = renderModal({
      mode: 'edit',
      horse: storedHorse({ performanceVerification: '' }),
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(store.getState().ui.toasts.at(-1)).toMatchObject({
        kind: 'danger',
        message: 'Performance Verification is required',
      }),
    );
    // Nothing was saved (only the linked-pedigree look-ups, which read).
    expect(requests.filter((sent) => sent.method !== 'get')).toHaveLength(0);
  });
});
