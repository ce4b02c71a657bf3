import {
  emptyOtherMarkings,
  emptyTexts,
  HORSE_FILE_SLOTS,
  HORSE_TEXT_KEYS,
  putAtPath,
} from '@registry/domain';
import { emptyFormValues, type HorseFormOutput } from './form-values';
import type { RegistrationContextValue } from './registration-context';
import type { Horse, HorseAncestor, HorseParent } from '../../../lib/horse-types';

/** Test data of the registration form (not used by production code). */

export const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export const file = (name: string, type = 'application/octet-stream') =>
  new File(['data'], name, { type });

/** A complete registration as the resolver would hand it to the submit handler. */
export function validOutput(overrides: Partial<HorseFormOutput> = {}): HorseFormOutput {
  const base = emptyFormValues();
  return {
    ...base,
    registrationType: 'Proven',
    gaitDesignation: 'Pacing',
    verified: 'No',
    performanceVerification: 'Yes',
    performanceLink: 'https://video.example.org/horse',
    stateFoaledIn: 'Tennessee',
    breed: 'Racking Horse',
    foalDate: '2020-04-01',
    breedingDate: '2020-05-01',
    bredBy: 'Blue Ridge Farm',
    sex: 'Mare',
    firstChoice: 'Midnight Glide',
    secondChoice: 'Silver Step',
    thirdChoice: 'Easy Rack',
    color: 'Bay',
    pattern: 'None',
    DNA: 'No',
    DNA_CASE: 'C-1',
    DNA_TEST_DATE: '2023-01-01',
    dnaTestSubmission: 'Yes',
    ownerType: 'Single',
    owners: [
      {
        memberNum: 'M-1001',
        name: 'Ada Rider',
        address: '1 Barn Road',
        city: 'Lexington',
        state: 'Kentucky',
        zip: '40502',
      },
    ],
    checkedOwnerInfo: true,
    ownerSignature: SIGNATURE,
    registrationDocument: file('papers.pdf', 'application/pdf'),
    markingDocuments: ['a.png', 'b.png', 'c.jpg', 'd.jpeg'].map((n) => file(n, 'image/png')),
    ...overrides,
  } as HorseFormOutput;
}

const ref = (name: string, mime = 'application/pdf') => ({
  id: `f-${name}`,
  name,
  mime,
  size: 1000,
  url: `/uploads/f-${name}?exp=1&sig=x`,
});

/**
 * One side of a pedigree: the parent, then its grand sire, grand dam, great-grand sire and
 * great-grand dam ('' where unknown), each registered as `regOf` says (none by default).
 */
export function pedigreeSide(
  [parent, grandSire, grandDam, greatGrandSire, greatGrandDam]: readonly [
    string,
    string,
    string,
    string,
    string,
  ],
  regOf: (name: string) => string = () => '',
): HorseParent {
  const ancestor = (name: string): HorseAncestor => ({
    name,
    reg: regOf(name),
    otherRegName: '',
    otherRegNum: '',
    paperwork: null,
  });
  return {
    ...ancestor(parent),
    grand_sire: ancestor(grandSire),
    grand_dam: ancestor(grandDam),
    great_grand_sire: ancestor(greatGrandSire),
    great_grand_dam: ancestor(greatGrandDam),
  };
}

const registered = (name: string) => `R-${name}`;

/** A stored horse as GET members/horses/:id answers it. */
export function storedHorse(overrides: Partial<Horse> = {}): Horse {
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
    foalDate: '2020-04-01T00:00:00.000Z',
    breedingDate: '2020-05-01T00:00:00.000Z',
    bredBy: 'Blue Ridge Farm',
    firstChoice: 'Midnight Glide',
    secondChoice: 'Silver Step',
    thirdChoice: 'Easy Rack',
    sex: 'Mare',
    color: 'Bay',
    pattern: 'None',
    DNA: 'Yes',
    DNA_CASE: 'C-77',
    DNA_TEST_DATE: '2023-03-04T00:00:00.000Z',
    dnaTestSubmission: 'No',
    ownerType: 'Joint',
    registrationNum: null,
    approvedName: null,
    othermarkings: { ...emptyOtherMarkings(), face: 'Blaze' },
    owners: [
      {
        memberNum: 'M-1001',
        name: 'Ada Rider',
        address: '1 Barn Road',
        city: 'Lexington',
        state: 'Kentucky',
        zip: '40502',
      },
      {
        memberNum: 'M-1002',
        name: 'Bo Rider',
        address: '2 Barn Road',
        city: 'Lexington',
        state: 'Kentucky',
        zip: '40503',
      },
    ],
    checkedOwnerInfo: true,
    otherRegistries: [
      { registryName: 'TWHBEA', registryNumber: '123', registryPaperwork: ref('twh.pdf') },
    ],
    sire: pedigreeSide(['Sire One', 'GS', 'GD', 'GGS', 'GGD'], registered),
    dam: pedigreeSide(['Dam One', 'DGS', 'DGD', 'DGGS', 'DGGD'], registered),
    registrationDocument: ref('papers.pdf'),
    performanceDocument: null,
    markingDocuments: ['m1.jpg', 'm2.jpg', 'm3.jpg', 'm4.jpg'].map((n) => ref(n, 'image/jpeg')),
    ownerSignature: ref('signature.png', 'image/png'),
    approvalStatus: 'pending',
    paymentStatus: 'unpaid',
    paymentMode: null,
    createdAt: '2024-06-01T10:00:00.000Z',
    paymentIntentId: null,
    feesPaid: [],
    rejectionReason: null,
    pendingChange: null,
    updatedAt: '2024-06-15T10:00:00.000Z',
    ...overrides,
  };
}

/** A stored horse with a file at every place the answer has (registries made as needed). */
export function horseWithEveryFile(): Horse {
  const horse = storedHorse() as unknown as Record<string, unknown>;
  for (const place of HORSE_FILE_SLOTS) {
    const ref = (n: number) => ({
      id: `id-${place.part}-${n}`,
      name: `${place.part}-${n}.pdf`,
      mime: 'application/pdf',
      size: 100 + n,
      url: `/uploads/${place.part}-${n}`,
    });
    putAtPath(horse, place.path, place.multiple ? [ref(0), ref(1)] : ref(0), { create: true });
  }
  return horse as unknown as Horse;
}

/** The registration form's context in an edit of `horse`: for a section rendered alone. */
export function editContext(horse: Horse): RegistrationContextValue {
  return { mode: 'edit', readOnly: false, horse, submittedRef: { current: false } };
}
