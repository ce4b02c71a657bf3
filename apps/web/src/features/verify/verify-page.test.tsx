import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { withFakeTransport } from '../../test/fake-transport';
import { renderApp } from '../../test/render-app';

const serve = withFakeTransport();

describe('Verify page', () => {
  it('confirms number, name, status, VERIFIED, sex, colour, foal year and owners without signing in', async () => {
    const requests = serve(() => ({
      status: 200,
      data: {
        success: true,
        data: {
          registrationNumber: 'GHR-000042',
          name: 'Blue Moon',
          status: 'approved',
          verified: true,
          sex: 'Mare',
          color: 'Palomino',
          foalYear: 2019,
          owners: ['Jordan Reed', 'Casey Morgan'],
        },
      },
    }));
    renderApp('/verify/GHR-000042');
    expect(await screen.findByText('Blue Moon', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('GHR-000042')).toBeInTheDocument();
    expect(screen.getByText('VERIFIED')).toBeInTheDocument();
    // What a buyer matches against the horse in front of them (issue 21).
    expect(screen.getByText('Palomino')).toBeInTheDocument();
    expect(screen.getByText('2019')).toBeInTheDocument();
    expect(screen.getByText('Owners')).toBeInTheDocument();
    expect(screen.getByText('Jordan Reed and Casey Morgan')).toBeInTheDocument();
    expect(requests[0]).toMatchObject({
      url: 'public/verify/GHR-000042',
      authorization: undefined,
    });
  });

  it('says clearly when the number is unknown', async () => {
    serve(() => ({
      status: 404,
      data: { success: false, error: 'No horse with this registration number' },
    }));
    renderApp('/verify/NOPE-1');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Not found.');
    expect(alert).toHaveTextContent('NOPE-1');
  });
});
