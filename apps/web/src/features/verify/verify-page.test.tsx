import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { api } from '../../lib/api-client';
import { fakeTransport, type Transport } from '../../test/fake-transport';
import { renderApp } from '../../test/render-app';

let originalTransport: Transport;
beforeEach(() => {
  originalTransport = api.transport;
});
afterEach(() => {
  api.transport = originalTransport;
});

describe('Verify page', () => {
  it('confirms number, name, status and VERIFIED without signing in', async () => {
    const fake = fakeTransport(() => ({
      status: 200,
      data: {
        success: true,
        data: {
          registrationNumber: 'GHR-000042',
          name: 'Blue Moon',
          status: 'approved',
          verified: true,
        },
      },
    }));
    api.transport = fake.transport;
    renderApp('/verify/GHR-000042');
    expect(await screen.findByText('Blue Moon', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('GHR-000042')).toBeInTheDocument();
    expect(screen.getByText('VERIFIED')).toBeInTheDocument();
    expect(fake.requests[0]).toMatchObject({
      url: 'public/verify/GHR-000042',
      authorization: undefined,
    });
  });

  it('says clearly when the number is unknown', async () => {
    api.transport = fakeTransport(() => ({
      status: 404,
      data: { success: false, error: 'No horse with this registration number' },
    })).transport;
    renderApp('/verify/NOPE-1');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Not found.');
    expect(alert).toHaveTextContent('NOPE-1');
  });
});
