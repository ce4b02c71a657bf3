import { emptyTexts, HORSE_TEXT_KEYS } from '@registry/domain';
import type { AdminHorse } from '../lib/admin-types';
import type { HorseAncestor, HorseParent } from '../lib/horse-types';

const person = (name: string): HorseAncestor => ({
  name,
  reg: '',
  otherRegName: '',
  otherRegNum: '',
  paperwork: null,
});
const parent = (name: string): HorseParent => ({
  ...person(name),
  grand_sire: person(''),
  grand_dam: person(''),
  great_grand_sire: person(''),
  great_grand_dam: person(''),
});

/** An administrator's view of a pending horse, for the admin screens' tests. */
export function adminHorse(overrides: Partial<AdminHorse> = {}): AdminHorse {
  return {
    // A text field added to a domain section is '' here unless a test says otherwise.
    ...emptyTexts(HORSE_TEXT_KEYS),
    _id: 'h1',
    ownerId: 'm1',
    registrationType: 'Proven',
    gaitDesignation: 'Singlefoot/Racking',
    verified: 'No',
    performanceVerification: 'No',
    performanceLink: '',
    stateFoaledIn: 'Tennessee',
    breed: 'Racking Horse',
    foalDate: '2020-04-01',
    breedingDate: '2020-05-01',
    bredBy: 'Ann Rider',
    firstChoice: 'Blue Moon',
    secondChoice: 'Silver Moon',
    thirdChoice: 'Night Moon',
    sex: 'Mare',
    color: 'Black',
    pattern: 'Solid',
    DNA: 'No',
    DNA_CASE: '',
    DNA_TEST_DATE: '',
    dnaTestSubmission: 'Yes',
    ownerType: 'Single',
    registrationNum: null,
    approvedName: null,
    othermarkings: {
      left: '',
      right: '',
      face: '',
      chin: '',
      frontLeg: '',
      hindLeg: '',
      maneColor: '',
      tailColor: '',
    },
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
    checkedOwnerInfo: true,
    otherRegistries: [],
    sire: parent('Dark Star'),
    dam: parent('Moonbeam'),
    registrationDocument: {
      id: 'f1',
      name: 'papers.pdf',
      mime: 'application/pdf',
      size: 10,
      url: '/uploads/f1?sig=x',
    },
    performanceDocument: null,
    markingDocuments: [],
    ownerSignature: null,
    approvalStatus: 'pending',
    paymentStatus: 'paid',
    paymentMode: 'Credit Card',
    paymentIntentId: null,
    rejectionReason: null,
    pendingChange: null,
    resubmission: null,
    createdAt: '2026-01-02T00:00:00Z',
    updatedAt: '2026-01-02T00:00:00Z',
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
