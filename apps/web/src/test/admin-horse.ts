import { emptyOtherMarkings } from '@registry/domain';
import type { AdminHorse } from '../lib/admin-types';
import { pedigreeSide, storedHorse } from '../features/horses/registration/test-values';

const unknownGrandparents = ['', '', '', ''] as const;

/**
 * An administrator's view of a pending horse, for the admin screens' tests: the member's
 * stored horse (`storedHorse`) with other values, its owner and the decision fields.
 */
export function adminHorse(overrides: Partial<AdminHorse> = {}): AdminHorse {
  return {
    ...storedHorse({
      foalDate: '2020-04-01',
      breedingDate: '2020-05-01',
      bredBy: 'Ann Rider',
      firstChoice: 'Blue Moon',
      secondChoice: 'Silver Moon',
      thirdChoice: 'Night Moon',
      color: 'Black',
      pattern: 'Solid',
      DNA: 'No',
      DNA_CASE: '',
      DNA_TEST_DATE: '',
      dnaTestSubmission: 'Yes',
      ownerType: 'Single',
      othermarkings: emptyOtherMarkings(),
      owners: [
        {
          memberNum: 'M-1',
          name: 'Ann Rider',
          address: '1 Main',
          city: 'Nashville',
          state: 'TN',
          zip: '37201',
        },
      ],
      otherRegistries: [],
      sire: pedigreeSide(['Dark Star', ...unknownGrandparents]),
      dam: pedigreeSide(['Moonbeam', ...unknownGrandparents]),
      registrationDocument: {
        id: 'f1',
        name: 'papers.pdf',
        mime: 'application/pdf',
        size: 10,
        url: '/uploads/f1?sig=x',
      },
      markingDocuments: [],
      ownerSignature: null,
      paymentStatus: 'paid',
      paymentMode: 'Credit Card',
      createdAt: '2026-01-02T00:00:00Z',
      updatedAt: '2026-01-02T00:00:00Z',
    }),
    resubmission: null,
    version: 1,
    owner: {
      id: 'm1',
      email: 'ann@example.org',
      name: 'Ann Rider',
      memberNumber: 'M-1',
      active: true,
    },
    decidedAt: null,
    decidedById: null,
    ...overrides,
  };
}
