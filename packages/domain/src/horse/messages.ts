import {
  MARKING_DOCUMENTS_MAX,
  MARKING_DOCUMENTS_MIN,
  OTHER_REGISTRY_NAME_MAX,
  OTHER_REGISTRY_NUMBER_MAX,
  OTHER_REGISTRY_SLOTS,
} from './constants.js';
import { formLabelOf, textField } from './stored-fields.js';
import { OWNER_FIELD_LABELS } from './owner-fields.js';
import {
  BILLING_FIELD_LABELS as BILLING,
  PAYMENT_FIELD_LABELS as PAYMENT,
} from './payment-fields.js';

/** "Routing Number" -> "Routing number": a label at the start of a sentence. */
const sentenceCase = (label: string) => label.charAt(0) + label.slice(1).toLowerCase();

export const requiredMessage = (label: string): string => `${label} is required`;
export const tooLongMessage = (label: string, max: number): string =>
  `${label} must be ${max} characters or fewer`;
export const invalidChoiceMessage = (label: string): string =>
  `Please choose a valid option for ${label}`;

/**
 * Every message of the horse form. The quoted ones of spec §5.1 are kept word for word
 * (including their small inconsistencies, such as "valid" vs "a valid"), because members and
 * end-to-end tests see them.
 */
export const HORSE_MESSAGES = {
  // Required in every mode (spec §5.1).
  verifiedRequired: requiredMessage(formLabelOf('verified')),
  performanceVerificationRequired: requiredMessage(formLabelOf('performanceVerification')),
  stateFoaledInRequired: requiredMessage(formLabelOf('stateFoaledIn')),
  foalDateRequired: requiredMessage(formLabelOf('foalDate')),
  breedingDateRequired: requiredMessage(formLabelOf('breedingDate')),
  sexRequired: requiredMessage(formLabelOf('sex')),
  colorRequired: requiredMessage(formLabelOf('color')),
  patternRequired: requiredMessage(formLabelOf('pattern')),
  ownerTypeRequired: requiredMessage('Owner Type'),
  // The spec's words ("required field"), naming the field as the form does.
  dnaRequired: `${formLabelOf('DNA')} is required field`,

  dateInvalid: 'Please enter a valid date (YYYY-MM-DD)',
  foalDateInFuture: `${textField('foalDate').label} cannot be in the future`,
  breedingDateBeforeFoalDate: `${textField('breedingDate').label} cannot be before the ${textField('foalDate').label.toLowerCase()}`,
  // Spec §5.1 word for word, though the form's label is "DNA Test Date" (formLabelOf).
  dnaTestDateRequired: 'DNA Test date is required',
  dnaTestDateInFuture: `${textField('DNA_TEST_DATE').label} cannot be in the future`,
  performanceLinkInvalid: 'Please enter a valid link starting with http:// or https://',

  registrationDocumentRequired: 'Horse Registration Document is required',
  documentFormat: 'Invalid file format. Please upload valid file type',
  documentTooLarge: 'Max size limit exceeded',
  documentArchiveRefused:
    'This Word file cannot be accepted: it unpacks to more than 50 MB, holds too many parts or is damaged. Please save it again or upload a PDF.',
  markingDocumentsRequired: 'Horse Marking Document is required',
  markingDocumentsTooFew: `At least ${MARKING_DOCUMENTS_MIN} files are required.`,
  markingDocumentsTooMany: `No more than ${MARKING_DOCUMENTS_MAX} files can be uploaded`,
  paperworkFormat: 'Invalid file format. Please upload a valid file type',
  videoFormat: 'Please upload only WMV or MP4 video files',
  videoTooLarge: 'File size must not exceed 20MB',
  notAFile: 'Please choose a file',

  // The spec's "less than 10 characters" contradicts its own limits; these state the real ones.
  registryNameTooLong: `Registry name must be ${OTHER_REGISTRY_NAME_MAX} characters or fewer`,
  registryNumberTooLong: `Registry number must be ${OTHER_REGISTRY_NUMBER_MAX} characters or fewer`,
  registrationNumberTooLong: `Registration number must be ${OTHER_REGISTRY_NUMBER_MAX} characters or fewer`,
  tooManyRegistries: `No more than ${OTHER_REGISTRY_SLOTS} other registries can be entered`,

  firstChoiceRequired: requiredMessage(formLabelOf('firstChoice')),
  secondChoiceRequired: requiredMessage(formLabelOf('secondChoice')),
  thirdChoiceRequired: requiredMessage(formLabelOf('thirdChoice')),

  memberNumRequired: requiredMessage(OWNER_FIELD_LABELS.memberNum),
  ownerNameRequired: requiredMessage(OWNER_FIELD_LABELS.name),
  addressRequired: requiredMessage(OWNER_FIELD_LABELS.address),
  cityRequired: requiredMessage(OWNER_FIELD_LABELS.city),
  stateRequired: requiredMessage(OWNER_FIELD_LABELS.state),
  zipRequired: requiredMessage(OWNER_FIELD_LABELS.zip),
  zipInvalid: `Please enter a valid ${OWNER_FIELD_LABELS.zip.toLowerCase()} code (12345 or 12345-6789)`,
  countryInvalid: `${OWNER_FIELD_LABELS.country} must be United States`,
  jointOwnersCount: 'Joint ownership needs exactly 2 owners',
  singleOwnerCount: 'Single ownership needs exactly 1 owner',
  termsRequired: 'You must agree to the terms and conditions',
  ownerSignatureRequired: 'Owner Signature is required',
  signatureInvalid: 'Signature must be a drawn image',
  signatureTooLarge: 'Signature image is too large',

  registrationFeeFixed: 'Registration fee is fixed at $30',
  billingAddressRequired: requiredMessage(BILLING.billingAddress),
  phoneNumberRequired: requiredMessage(BILLING.phoneNumber),
  phoneNumberInvalid: `Please enter a valid ${BILLING.phoneNumber.toLowerCase()}`,
  accountHolderNameRequired: requiredMessage(BILLING.accountHolderName),
  // The spec's words: "Account Holder Signature is required" (the form says "Account Holder's").
  accountHolderSignatureRequired: 'Account Holder Signature is required',
  paymentMethodRequired: requiredMessage(PAYMENT.paymentMethod),
  cardTypeRequired: requiredMessage(PAYMENT.cardType),
  accountTypeRequired: requiredMessage(PAYMENT.accountType),
  accountNameRequired: requiredMessage(PAYMENT.accountName),
  bankNameRequired: requiredMessage(PAYMENT.bankName),
  routingNumberRequired: requiredMessage(PAYMENT.routingNumber),
  routingNumberInvalid: `${sentenceCase(PAYMENT.routingNumber)} must be a valid 9-digit ABA number`,
  accountNumberRequired: requiredMessage(PAYMENT.accountNumber),
  accountNumberInvalid: `${sentenceCase(PAYMENT.accountNumber)} must be 4 to 17 digits`,

  // Card fields live in the payment provider's secure inputs (spec §5.1).
  cardNumberIncomplete: 'Card Number is incomplete',
  expirationDateIncomplete: 'Expiration Date is incomplete',
  cvvIncomplete: 'CVV is incomplete',
  cardNumberInvalid: 'Invalid Card Number',
  expirationDateInvalid: 'Invalid Expiration Date',
  cvvInvalid: 'Invalid CVV',
} as const;
