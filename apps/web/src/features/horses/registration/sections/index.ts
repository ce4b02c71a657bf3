import type { ComponentType } from 'react';
import {
  BREEDING_FIELDS,
  DNA_FIELDS,
  formLabelOf,
  type HorseFormMode,
  type HorseTextKey,
} from '@registry/domain';
import type { HorseFieldName } from '../fields/use-field-error';
import { BreedingSection, SexSection } from './breeding-section';
import { CertificationSection } from './certification-section';
import { DnaSection } from './dna-section';
import { FeesBillingSection } from './fees-billing-section';
import { MarkingsSection } from './markings-section';
import { NameChoicesSection } from './name-choices-section';
import { OtherRegistriesSection } from './other-registries-section';
import { OwnerSignatureSection } from './owner-signature-section';
import { OwnersSection } from './owners-section';
import { PaymentInfoSection } from './payment-info-section';
import { PedigreeSection } from './pedigree-section';
import { PerformanceVerificationSection } from './performance-verification-section';
import { PerformanceVideoSection } from './performance-video-section';
import { RegistrationDocumentSection } from './registration-document-section';
import { RegistrationNumberSection } from './registration-number-section';
import { GaitDesignationSection, RegistrationTypeSection } from './registration-type-section';

export interface HorseSection {
  id: string;
  title: string;
  /** Top-level form fields the section holds: its error badge and server errors use them. */
  fields: readonly HorseFieldName[];
  modes: readonly HorseFormMode[];
  Component: ComponentType;
  /** Grid column classes; full width by default. */
  width?: string;
  /** False when the section disables its own parts in view mode. */
  fieldset?: boolean;
}

const ALL: readonly HorseFormMode[] = ['register', 'edit', 'view'];

/** The fields of a domain section's table (packages/domain/src/horse/stored-fields.ts). */
const fieldsOf = (table: { readonly [K in HorseTextKey]?: unknown }) =>
  Object.keys(table) as HorseTextKey[];
const NOT_EDIT: readonly HorseFormMode[] = ['register', 'view'];

/**
 * The form in spec order (§2.6). Item 17 (fees, billing, payment) shows in register mode only;
 * the order summary (item 20) is a dialog the Save button opens.
 */
export const HORSE_SECTIONS: readonly HorseSection[] = [
  {
    id: 'registration-type',
    title: formLabelOf('registrationType'),
    fields: ['registrationType'],
    modes: ALL,
    Component: RegistrationTypeSection,
    width: 'col-lg-4',
  },
  {
    id: 'gait-designation',
    title: formLabelOf('gaitDesignation'),
    fields: ['gaitDesignation'],
    modes: ALL,
    Component: GaitDesignationSection,
    width: 'col-lg-4',
  },
  {
    id: 'registration-number',
    title: 'Registration Number',
    fields: [],
    modes: ALL,
    Component: RegistrationNumberSection,
    width: 'col-lg-4',
  },
  {
    id: 'performance-verification',
    title: formLabelOf('performanceVerification'),
    fields: ['performanceVerification', 'verified'],
    modes: NOT_EDIT,
    Component: PerformanceVerificationSection,
  },
  {
    id: 'performance-video',
    title: 'Performance Video',
    fields: ['performanceLink', 'performanceDocument'],
    modes: ALL,
    Component: PerformanceVideoSection,
    width: 'col-lg-6',
  },
  {
    id: 'registration-document',
    title: 'Registration Document',
    fields: ['registrationDocument'],
    modes: ALL,
    Component: RegistrationDocumentSection,
    width: 'col-lg-6',
  },
  {
    id: 'breeding',
    title: 'Breeding Information',
    // Sex, in the same domain section, has a card of its own.
    fields: fieldsOf(BREEDING_FIELDS).filter((field) => field !== 'sex'),
    modes: ALL,
    Component: BreedingSection,
  },
  // Its one field's name: the card's title stands for the choice's hidden legend.
  { id: 'sex', title: formLabelOf('sex'), fields: ['sex'], modes: ALL, Component: SexSection },
  {
    id: 'name-choices',
    title: 'Horse Name Choices',
    fields: ['firstChoice', 'secondChoice', 'thirdChoice'],
    modes: NOT_EDIT,
    Component: NameChoicesSection,
  },
  {
    id: 'other-registries',
    title: 'Other Registries',
    fields: ['otherRegistries'],
    modes: ALL,
    Component: OtherRegistriesSection,
  },
  {
    id: 'dna',
    title: 'DNA',
    fields: fieldsOf(DNA_FIELDS),
    modes: ALL,
    Component: DnaSection,
  },
  {
    id: 'pedigree',
    title: 'Pedigree',
    fields: ['sire', 'dam'],
    modes: ALL,
    Component: PedigreeSection,
    fieldset: false,
  },
  {
    id: 'markings',
    title: 'Markings',
    fields: ['color', 'pattern', 'othermarkings', 'markingDocuments'],
    modes: ALL,
    Component: MarkingsSection,
  },
  {
    id: 'owners',
    title: 'Owners',
    fields: ['ownerType', 'owners'],
    modes: ALL,
    Component: OwnersSection,
  },
  {
    id: 'certification',
    title: 'Certification',
    fields: ['checkedOwnerInfo'],
    modes: ALL,
    Component: CertificationSection,
  },
  {
    id: 'owner-signature',
    title: 'Signature',
    fields: ['ownerSignature'],
    modes: NOT_EDIT,
    Component: OwnerSignatureSection,
  },
  {
    id: 'fees-billing',
    title: 'Fees, Billing and Payment',
    fields: ['fees', 'billingInfo', 'checkedAgreement'],
    modes: ['register'],
    Component: FeesBillingSection,
  },
  {
    id: 'payment-info',
    title: 'Payment Info',
    fields: [],
    modes: ['view'],
    Component: PaymentInfoSection,
  },
];

export function sectionsFor(mode: HorseFormMode): HorseSection[] {
  return HORSE_SECTIONS.filter((section) => section.modes.includes(mode));
}
