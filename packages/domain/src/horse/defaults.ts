import {
  DEFAULT_COUNTRY,
  DEFAULT_OWNER_TYPE,
  OTHER_REGISTRY_SLOTS,
  OWNER_COUNT,
  type OwnerType,
} from './constants.js';
import type { HorseFormMode } from './context.js';
import { feesFor } from './fees.js';
import type { HorseEditInput, HorseRegistrationInput } from './schema.js';
import { OWNER_ROW_TEXT_KEYS } from './owner-fields.js';
import { COMMON_TEXT_KEYS, emptyTexts, NAME_CHOICE_KEYS } from './stored-fields.js';
import { MARKING_DESCRIPTION_KEYS } from './text-field-tables.js';

type AncestorInput = HorseEditInput['sire']['grand_sire'];
type ParentInput = HorseEditInput['sire'];
type OwnerInput = HorseEditInput['owners'][number];

export function emptyAncestor(): AncestorInput {
  return { name: '', reg: '', otherRegName: '', otherRegNum: '', paperwork: null };
}

export function emptyParent(): ParentInput {
  return {
    ...emptyAncestor(),
    grand_sire: emptyAncestor(),
    grand_dam: emptyAncestor(),
    great_grand_sire: emptyAncestor(),
    great_grand_dam: emptyAncestor(),
  };
}

/** The markings' eight free-text places, all empty. */
export function emptyOtherMarkings(): Required<HorseEditInput['othermarkings']> {
  return emptyTexts(MARKING_DESCRIPTION_KEYS);
}

/** An owner row to type in: every text field of the owners' table empty, the one country. */
export function emptyOwner(): OwnerInput {
  return { ...emptyTexts(OWNER_ROW_TEXT_KEYS), country: DEFAULT_COUNTRY };
}

/** Owner rows for an owner type, keeping rows already typed in when the type changes. */
export function ownersFor(type: OwnerType, current: readonly OwnerInput[] = []): OwnerInput[] {
  return Array.from({ length: OWNER_COUNT[type] }, (_, i) => current[i] ?? emptyOwner());
}

function commonDefaults(): HorseEditInput {
  return {
    // Every plain text field starts empty (stored-fields.ts); the exceptions follow.
    ...emptyTexts(COMMON_TEXT_KEYS),
    registrationNum: '',
    // Members cannot verify their own horse; the commissioner sets this after approval.
    verified: 'No',
    performanceDocument: null,
    registrationDocument: null,
    otherRegistries: Array.from({ length: OTHER_REGISTRY_SLOTS }, () => ({
      registryName: '',
      registryNumber: '',
      registryPaperwork: null,
    })),
    sire: emptyParent(),
    dam: emptyParent(),
    othermarkings: emptyOtherMarkings(),
    markingDocuments: [],
    ownerType: DEFAULT_OWNER_TYPE,
    owners: ownersFor(DEFAULT_OWNER_TYPE),
    checkedOwnerInfo: false,
  };
}

function registerDefaults(): HorseRegistrationInput {
  return {
    ...commonDefaults(),
    ...emptyTexts(NAME_CHOICE_KEYS),
    ownerSignature: '',
    fees: feesFor({}),
    billingInfo: {
      billingAddress: '',
      country: DEFAULT_COUNTRY,
      phoneNumber: '',
      email: '',
      accountHolderName: '',
      accountHolderSignature: '',
      paymentInfo: {
        paymentMethod: '',
        creditCard: { cardType: '' },
        bankAccount: {
          accountType: '',
          accountName: '',
          bankName: '',
          routingNumber: '',
          accountNumber: '',
        },
      },
    },
    checkedAgreement: false,
  };
}

/** The empty form of a mode: four registry slots, one owner row (Single), a $30 fee. */
export function defaultHorseValues(mode: 'register'): HorseRegistrationInput;
export function defaultHorseValues(mode: 'edit' | 'view'): HorseEditInput;
export function defaultHorseValues(mode: HorseFormMode): HorseRegistrationInput | HorseEditInput;
export function defaultHorseValues(mode: HorseFormMode): HorseRegistrationInput | HorseEditInput {
  return mode === 'register' ? registerDefaults() : commonDefaults();
}
