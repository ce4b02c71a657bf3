import {
  MARKING_DESCRIPTION_KEYS,
  textsOf,
  countryOf,
  defaultHorseValues,
  HORSE_FILE_SLOTS,
  HORSE_TEXT_KEYS,
  OWNER_ROW_TEXT_KEYS,
  OWNER_TYPES,
  ownersFor,
  putAtPath,
  textField,
  valueAtPath,
  type Country,
  type HorseEdit,
  type HorseFormMode,
  type HorseRegistrationDetails,
  type HorseRegistration,
  type HorseRegistrationDetailsInput,
  type HorseRegistrationInput,
  type HorseTextKey,
  type OwnerType,
} from '@registry/domain';
import { toDateInputValue } from '../../../lib/format';
import {
  type FileRef,
  type Horse,
  type HorseAncestor,
  type HorseParent,
} from '../../../lib/horse-types';
import { storedFileOf, type StoredPhoto } from '../uploads/held-files';

/**
 * The form holds every field of a registration. Fees, billing and the agreement (item 17) are
 * there in register mode only: edit and view neither show nor hold them, since an edit is
 * never charged.
 */
export type HorseFormValues = HorseRegistrationDetailsInput &
  Partial<Pick<HorseRegistrationInput, 'fees' | 'billingInfo' | 'checkedAgreement'>>;

/** What a valid form yields: edit fields always; names, signature and payment when registering. */
export type HorseFormOutput = HorseEdit &
  Partial<
    Pick<
      HorseRegistrationDetails,
      'firstChoice' | 'secondChoice' | 'thirdChoice' | 'ownerSignature'
    >
  > &
  Partial<Pick<HorseRegistration, 'fees' | 'billingInfo' | 'checkedAgreement'>>;

/** The values of edit and view: no payment section. */
export function emptyFormValues(): HorseFormValues {
  const values: Partial<HorseRegistrationInput> = defaultHorseValues('register');
  delete values.fees;
  delete values.billingInfo;
  delete values.checkedAgreement;
  return values as HorseFormValues;
}

/** A new registration: everything, payment section included. */
export function registerFormValues(): HorseFormValues {
  return defaultHorseValues('register');
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The stored text fields as the form holds them: days trimmed to yyyy-mm-dd (stored-fields.ts). */
function textValues(horse: Horse): Record<HorseTextKey, string> {
  const values = {} as Record<HorseTextKey, string>;
  for (const key of HORSE_TEXT_KEYS) {
    values[key] = textField(key).day ? toDateInputValue(horse[key]) : text(horse[key]);
  }
  return values;
}

type AncestorValues = HorseFormValues['sire']['grand_sire'];
type ParentValues = HorseFormValues['sire'];

function ancestorValues(ancestor: Partial<HorseAncestor> | null | undefined): AncestorValues {
  return {
    name: text(ancestor?.name),
    reg: text(ancestor?.reg),
    otherRegName: text(ancestor?.otherRegName),
    otherRegNum: text(ancestor?.otherRegNum),
  };
}

function parentValues(parent: Partial<HorseParent> | null | undefined): ParentValues {
  return {
    ...ancestorValues(parent),
    grand_sire: ancestorValues(parent?.grand_sire),
    grand_dam: ancestorValues(parent?.grand_dam),
    great_grand_sire: ancestorValues(parent?.great_grand_sire),
    great_grand_dam: ancestorValues(parent?.great_grand_dam),
  };
}

/**
 * The form values of a stored horse (spec §4, edit mode): its one-file places hold its stored
 * files as the answer gives them (withStoredFiles), dates are trimmed to yyyy-mm-dd.
 */
export function horseToFormValues(horse: Horse): HorseFormValues {
  const base = emptyFormValues();
  const ownerType: OwnerType = (OWNER_TYPES as readonly string[]).includes(horse.ownerType)
    ? (horse.ownerType as OwnerType)
    : 'Single';
  const values: HorseFormValues = {
    ...base,
    ...textValues(horse),
    registrationNum: text(horse.registrationNum),
    verified: text(horse.verified) || base.verified,
    otherRegistries: base.otherRegistries.map((_, index) => {
      const stored = horse.otherRegistries?.[index];
      return {
        registryName: text(stored?.registryName),
        registryNumber: text(stored?.registryNumber),
      };
    }),
    sire: parentValues(horse.sire),
    dam: parentValues(horse.dam),
    othermarkings: textsOf(MARKING_DESCRIPTION_KEYS, horse.othermarkings ?? {}),
    ownerType,
    owners: ownersFor(
      ownerType,
      (horse.owners ?? []).map((owner) => ({
        // Every text field of the owners' table (domain horse/owner-fields.ts), '' when absent.
        ...textsOf(OWNER_ROW_TEXT_KEYS, owner),
        country: countryOf(owner) as Country,
        // A co-owner stored as not a member stays marked so: an edit must not ask for a number.
        ...(owner.nonMember === true ? { nonMember: true } : {}),
      })),
    ),
    checkedOwnerInfo: horse.checkedOwnerInfo === true,
  };
  return withStoredFiles(values, horse);
}

/**
 * Every stored file of a one-file place (the files' table, domain horse/file-slots.ts) in the
 * form at the path the answer holds it: the field shows it as the current file, a new pick
 * replaces it, and Save sends nothing for it, so the edit keeps it (to-form-data.ts). Marking
 * photos are held only where an edit may change them one by one (withStoredPhotos); the drawn
 * signature is never the form's in an edit.
 */
function withStoredFiles(values: HorseFormValues, horse: Horse): HorseFormValues {
  for (const place of HORSE_FILE_SLOTS) {
    if (place.multiple || place.drawn) continue;
    const ref = valueAtPath(horse, place.path) as FileRef | null | undefined;
    const file = ref ? storedFileOf(ref) : null;
    putAtPath(values as unknown as Record<string, unknown>, place.path, file);
  }
  return values;
}

/**
 * An edit whose marking photos the member may change one by one (docs/api.md "Edit"): the
 * stored photos start in the field's list, to keep, remove or replace, with new ones added.
 */
export function withStoredPhotos(values: HorseFormValues, horse: Horse): HorseFormValues {
  const photos: StoredPhoto[] = (horse.markingDocuments ?? []).map(storedFileOf);
  return { ...values, markingDocuments: photos as unknown as HorseFormValues['markingDocuments'] };
}

export function initialValues(
  mode: HorseFormMode,
  horse: Horse | null | undefined,
): HorseFormValues {
  if (mode === 'register') return registerFormValues();
  return horse ? horseToFormValues(horse) : emptyFormValues();
}
