import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FiveGenerationPedigree } from '@registry/domain';
import { stubbedMatchMedia } from '../test/match-media';
import { FiveGenerationChart, roleOf, shownPaths } from './five-generation-chart';

const ref = (name: string, registrationNumber: string) => ({
  horseId: `id-${registrationNumber}`,
  name,
  registrationNumber,
});

const pedigree: FiveGenerationPedigree = {
  horse: ref('Lin Subject', 'LIN-S'),
  links: { sire: ref('Lin Sire', 'LIN-A'), dam: null },
  ancestors: [
    { path: 's', name: 'Lin Sire', reg: 'LIN-A', horse: ref('Lin Sire', 'LIN-A') },
    { path: 'd', name: 'Typed Dam', reg: 'X-9', horse: null },
    { path: 'ss', name: 'Lin Grand Sire', reg: 'LIN-B', horse: ref('Lin Grand Sire', 'LIN-B') },
    { path: 'sss', name: 'B Sire', reg: '', horse: null },
    { path: 'ssss', name: 'B Grand Sire', reg: '', horse: null },
    { path: 'sssss', name: 'Deep Sire', reg: '', horse: null },
  ],
};

const setScreen = stubbedMatchMedia();
const setPhone = (phone: boolean) => setScreen((query) => phone && query.includes('max-width'));

describe('FiveGenerationChart', () => {
  it('names each place by generation', () => {
    expect(['s', 'd', 'sd', 'dds', 'ssss', 'sssds'].map(roleOf)).toEqual([
      'Sire',
      'Dam',
      'Grand dam',
      'Great-grand sire',
      '2nd great-grand sire',
      '3rd great-grand sire',
    ]);
  });

  it('shows parents and grandparents always, deeper places only where the line is known', () => {
    const paths = shownPaths(new Set(['s', 'ss', 'sss']), 5);
    expect(paths).toEqual(['s', 'ss', 'sss', 'ssss', 'sssd', 'ssd', 'sd', 'd', 'ds', 'dd']);
    // A far ancestor known without the ones between: the way to it is shown (as Unknown).
    expect(shownPaths(new Set(['dsss']), 5)).toEqual([
      's',
      'ss',
      'sd',
      'd',
      'ds',
      'dss',
      'dsss',
      'dssss',
      'dsssd',
      'dd',
    ]);
  });

  it('draws five generations with registered ancestors linked to their record', () => {
    setPhone(false);
    render(<FiveGenerationChart pedigree={pedigree} label="Pedigree of Lin Subject" />);
    const chart = screen.getByRole('list', { name: 'Pedigree of Lin Subject' });
    expect(within(chart).getByText('Deep Sire')).toBeInTheDocument();
    const grandSire = within(chart).getByRole('link', { name: /LIN-B/ });
    expect(grandSire).toHaveAttribute('href', '/verify/LIN-B');
    // A typed number that is not in the register is shown, not linked.
    expect(within(chart).getByText('X-9').tagName).toBe('SPAN');
    expect(within(chart).getAllByText('Unknown').length).toBeGreaterThan(0);
    // As deep as the line is known: here all five generations, six columns with the horse.
    expect(chart).toHaveAttribute('data-depth', '5');
    expect(chart.style.gridTemplateColumns).toContain('repeat(5,');
    expect(chart.style.gridTemplateRows).toContain('repeat(32,');
  });

  it('on a phone shows three generations first and the rest on request', async () => {
    setPhone(true);
    render(<FiveGenerationChart pedigree={pedigree} label="Pedigree" />);
    expect(screen.getByText('B Sire')).toBeInTheDocument();
    expect(screen.queryByText('Deep Sire')).not.toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'Show generations 4 and 5' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup({ delay: null }).click(more);
    expect(screen.getByText('Deep Sire')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show three generations' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});
