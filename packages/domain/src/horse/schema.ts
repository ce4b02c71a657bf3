import { z } from 'zod';
import {
  sectionContext,
  type HorseFormMode,
  type HorseSchemaOptions,
  type SectionContext,
} from './context.js';
import { whenObject } from './fields.js';
import { breedingShape, checkBreedingDates } from './sections/breeding.js';
import { checkDnaTestDate, dnaShape } from './sections/dna.js';
import { markingsShape } from './sections/markings.js';
import { checkNameChoices, nameChoicesShape } from './sections/name-choices.js';
import { otherRegistriesShape } from './sections/other-registries.js';
import {
  checkOwnerCount,
  checkOwnerMembers,
  ownerSignatureShape,
  ownersShape,
} from './sections/owners.js';
import { paymentShape } from './sections/payment.js';
import { pedigreeShape } from './sections/pedigree.js';
import { registrationShape } from './sections/registration.js';

/** Fields of every mode, in the order the form shows them (spec §2.6). */
function commonShape(ctx: SectionContext) {
  return {
    ...registrationShape(ctx),
    ...breedingShape(ctx),
    ...otherRegistriesShape(),
    ...dnaShape(),
    ...pedigreeShape(),
    ...markingsShape(ctx),
    ...ownersShape(),
  };
}

/** Rules spanning several fields; they report on the field the member has to change. */
function crossFieldChecks(ctx: SectionContext) {
  return (value: Record<string, unknown>, sink: z.RefinementCtx) => {
    checkBreedingDates(value, sink);
    checkDnaTestDate(value, sink, ctx);
    checkOwnerCount(value, sink);
    checkOwnerMembers(value, sink);
  };
}

function registerSchema(ctx: SectionContext) {
  return z
    .object({
      ...commonShape(ctx),
      ...nameChoicesShape(),
      ...ownerSignatureShape(),
      ...paymentShape(ctx),
    })
    .superRefine(crossFieldChecks(ctx), whenObject)
    .superRefine(checkNameChoices, whenObject);
}

/**
 * A registration without its payment section (spec §2.6 item 17): what the member submits
 * before the payment step, and what the server stores as an unpaid registration.
 */
function registrationDetailsSchema(ctx: SectionContext) {
  return z
    .object({
      ...commonShape(ctx),
      ...nameChoicesShape(),
      ...ownerSignatureShape(),
    })
    .superRefine(crossFieldChecks(ctx), whenObject)
    .superRefine(checkNameChoices, whenObject);
}

/**
 * Edit and view leave out names, signature, fees and billing: the form hides them and an edit is
 * never charged. Unknown keys are stripped, so an edit request cannot change them either.
 */
function editSchema(ctx: SectionContext) {
  return z.object(commonShape(ctx)).superRefine(crossFieldChecks(ctx), whenObject);
}

export type HorseRegisterSchema = ReturnType<typeof registerSchema>;
export type HorseRegistrationDetailsSchema = ReturnType<typeof registrationDetailsSchema>;
export type HorseRegistrationDetails = z.output<HorseRegistrationDetailsSchema>;
export type HorseRegistrationDetailsInput = z.input<HorseRegistrationDetailsSchema>;
export type HorseEditSchema = ReturnType<typeof editSchema>;

/** A complete, valid registration (what the API stores and the form submits). */
export type HorseRegistration = z.output<HorseRegisterSchema>;
/** The register form's state; react-hook-form's field values. */
export type HorseRegistrationInput = z.input<HorseRegisterSchema>;
export type HorseEdit = z.output<HorseEditSchema>;
export type HorseEditInput = z.input<HorseEditSchema>;

/**
 * The single set of horse rules. Build it once per form (or per request): `options.today` pins
 * the day for future-date checks and `hasExistingFiles` lets an edit keep stored files.
 */
export function buildHorseSchema(
  mode: 'register',
  options?: HorseSchemaOptions,
): HorseRegisterSchema;
export function buildHorseSchema(
  mode: 'edit' | 'view',
  options?: HorseSchemaOptions,
): HorseEditSchema;
export function buildHorseSchema(
  mode: HorseFormMode,
  options?: HorseSchemaOptions,
): HorseRegisterSchema | HorseEditSchema;
export function buildHorseSchema(
  mode: HorseFormMode,
  options: HorseSchemaOptions = {},
): HorseRegisterSchema | HorseEditSchema {
  const ctx = sectionContext(mode, options);
  return mode === 'register' ? registerSchema(ctx) : editSchema(ctx);
}

/** The register-mode rules without the payment section; see registrationDetailsSchema. */
export function buildRegistrationDetailsSchema(
  options: HorseSchemaOptions = {},
): HorseRegistrationDetailsSchema {
  return registrationDetailsSchema(sectionContext('register', options));
}
