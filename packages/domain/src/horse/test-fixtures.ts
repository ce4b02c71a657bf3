/**
 * Valid sample data for tests of the horse rules (here and in the API). Not exported from the
 * package index: production code has no use for it.
 */
import type { FileLike } from './files.js';
import type { HorseEditInput, HorseRegistrationInput } from './schema.js';
import { defaultHorseValues } from './defaults.js';
import { z } from 'zod';

/** The day tests pin as "today": 15 June 2024 in local time. */
export const TEST_TODAY = new Date(2024, 5, 15, 12, 0, 0);

export const file = (name: string, size = 1024): FileLike => ({ name, size });
export const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const owner = {
  memberNum: 'M-1001',
  name: 'Ada Rider',
  address: '1 Barn Road',
  city: 'Lexington',
  state: 'Kentucky',
  zip: '40502',
};

function validCommon(): HorseEditInput {
  return {
    ...defaultHorseValues('edit'),
    registrationType: 'Proven',
    gaitDesignation: 'Singlefoot/Racking',
    verified: 'No',
    performanceVerification: 'No',
    registrationDocument: file('papers.pdf'),
    stateFoaledIn: 'Tennessee',
    breed: 'Racking Horse',
    foalDate: '2020-04-01',
    breedingDate: '2020-04-01',
    bredBy: 'Blue Ridge Farm',
    sex: 'Mare',
    color: 'Bay',
    pattern: 'None',
    DNA: 'No',
    markingDocuments: [file('a.png'), file('b.jpg'), file('c.jpeg'), file('d.PNG')],
    ownerType: 'Single',
    owners: [{ ...owner }],
    checkedOwnerInfo: true,
  };
}

export function validEdit(overrides: Partial<HorseEditInput> = {}): HorseEditInput {
  return { ...validCommon(), ...overrides };
}

export function validRegistration(
  overrides: Partial<HorseRegistrationInput> = {},
): HorseRegistrationInput {
  const base = defaultHorseValues('register');
  return {
    ...base,
    ...validCommon(),
    firstChoice: 'Midnight Glide',
    secondChoice: 'Silver Step',
    thirdChoice: 'Easy Rack',
    ownerSignature: SIGNATURE,
    billingInfo: {
      ...base.billingInfo,
      billingAddress: '1 Barn Road, Lexington, KY 40502',
      phoneNumber: '(859) 555-0100',
      email: 'ada@example.org',
      accountHolderName: 'Ada Rider',
      accountHolderSignature: SIGNATURE,
      paymentInfo: {
        paymentMethod: 'Credit Card',
        creditCard: { cardType: 'VISA' },
        bankAccount: base.billingInfo.paymentInfo.bankAccount,
      },
    },
    checkedAgreement: true,
    ...overrides,
  };
}

/** Every issue as "path: message", for assertions that name both. */
export function issuesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

/** Messages reported at exactly `path` (dot-joined). */
export function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  const prefix = `${path}: `;
  return issuesOf(schema, input)
    .filter((issue) => issue.startsWith(prefix))
    .map((issue) => issue.slice(prefix.length));
}
