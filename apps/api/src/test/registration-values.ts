import { emptyParent, HORSE_FILE_SLOTS, NAME_CHOICE_KEYS } from '@registry/domain';
import { demoPng } from '../modules/horses/demo-files.js';

/**
 * A valid registration's text and JSON parts. Apart from the multipart helpers (multipart.ts
 * re-exports them) so that the upload bench (e2e/bench) sends the same form without the
 * database code.
 */

export const SIGNATURE_DATA_URL = `data:image/png;base64,${demoPng(40, 20, [255, 255, 255]).toString('base64')}`;

const OWNER = {
  memberNum: 'M-0001',
  name: 'Avery Walker',
  address: '1 Barn Road',
  city: 'Lexington',
  state: 'Kentucky',
  zip: '40502',
};

/** The text and JSON parts of a valid registration (docs/api.md), by part name. */
export function validValues(): Record<string, string> {
  return {
    registrationType: 'Proven',
    gaitDesignation: 'Singlefoot/Racking',
    verified: 'No',
    performanceVerification: 'No',
    performanceLink: '',
    stateFoaledIn: 'Tennessee',
    breed: 'Racking Horse',
    foalDate: '2020-04-01',
    breedingDate: '2020-05-01',
    bredBy: 'Blue Ridge Farm',
    firstChoice: 'Midnight Glide',
    secondChoice: 'Silver Step',
    thirdChoice: 'Easy Rack',
    sex: 'Mare',
    color: 'Bay',
    pattern: 'None',
    DNA: 'No',
    DNA_CASE: '',
    DNA_TEST_DATE: '',
    dnaTestSubmission: 'Yes',
    ownerType: 'Single',
    checkedOwnerInfo: 'true',
    ownerSignature: SIGNATURE_DATA_URL,
    sire: JSON.stringify({ ...emptyParent(), name: 'Midnight Sun', reg: 'GHR-1' }),
    dam: JSON.stringify({
      ...emptyParent(),
      name: 'Velvet Rose',
      grand_dam: { name: 'Old Rose', reg: '', otherRegName: '', otherRegNum: '' },
    }),
    othermarkings: JSON.stringify({ face: 'Star', hindLeg: 'Left hind sock' }),
    otherRegistries: JSON.stringify(
      Array.from({ length: 4 }, () => ({ registryName: '', registryNumber: '' })),
    ),
    owners: JSON.stringify([OWNER]),
  };
}

/** What only a registration sends: the name choices and the drawn signature (domain tables). */
const REGISTER_ONLY_PARTS = [
  ...NAME_CHOICE_KEYS,
  ...HORSE_FILE_SLOTS.filter((place) => place.drawn).map((place) => place.part),
];

/**
 * The text and JSON parts of a valid edit (docs/api.md "Edit"): the registration's without the
 * parts only a registration sends, then `overrides` (undefined leaves a part out).
 */
export function validEditValues<V extends string | undefined = string>(
  overrides: Record<string, V> = {},
): Record<string, string | V> {
  const values: Record<string, string> = validValues();
  for (const part of REGISTER_ONLY_PARTS) delete values[part];
  return { ...values, ...overrides };
}
