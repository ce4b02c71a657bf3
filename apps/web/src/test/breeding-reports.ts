import type { BreedingReport } from '@registry/domain';

/** The stallion the breeding-report tests file for. */
export const stallion = { horseId: 's1', name: 'Thunder Rack', registrationNumber: 'GHR-1' };

type Mare = BreedingReport['mares'][number];

/** One mare line of a report: Lady Gray, bred once by cooled semen in 2026, no foal yet. */
export function mareLine(overrides: Partial<Mare> = {}): Mare {
  return {
    id: 'l1',
    mareHorseId: null,
    mareRegistrationNumber: '',
    mareName: 'Lady Gray',
    mareOwnerName: 'Pat Jones',
    breedingDates: ['2026-05-01'],
    method: 'ai-cooled',
    foals: 0,
    ...overrides,
  };
}

/**
 * Thunder Rack's 2026 report as Ann Rider filed it and amended once (version 2), not yet
 * reviewed and still open; `overrides` makes another season or state of it.
 */
export function breedingReport(overrides: Partial<BreedingReport> = {}): BreedingReport {
  return {
    id: 'r1',
    stallion,
    ownerName: 'Ann Rider',
    season: 2026,
    version: 2,
    status: 'filed',
    filedAt: '2026-06-01T10:00:00.000Z',
    updatedAt: '2026-07-01T10:00:00.000Z',
    reviewedAt: null,
    reviewedBy: null,
    reviewedVersion: null,
    deadline: '2026-11-30',
    open: true,
    mares: [mareLine()],
    ...overrides,
  };
}
