/**
 * Option lists and limits of the horse registration form (spec §2.6, §3.1, §5.1, §9).
 * The web form renders these and the schemas accept exactly these, so the two cannot drift.
 */

/** Spec §2.6: one country option. Every address (owners, billing) is in the United States. */
export const COUNTRIES = ['United States'] as const;
export type Country = (typeof COUNTRIES)[number];
export const DEFAULT_COUNTRY: Country = 'United States';

/** The country of a stored address; records saved before the field existed are in the US. */
export function countryOf(address: object): string {
  const value = (address as { country?: unknown }).country;
  return typeof value === 'string' && value !== '' ? value : DEFAULT_COUNTRY;
}

/** 'Unknown' first: many registrations come from owners who do not know where a horse was foaled. */
export const STATES = [
  'Unknown',
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
] as const;
export type UsState = (typeof STATES)[number];

export const SEXES = ['Stallion', 'Gelding', 'Mare'] as const;
export type Sex = (typeof SEXES)[number];

export const REGISTRATION_TYPES = ['Proven', 'Unproven', 'OneSided'] as const;
export type RegistrationType = (typeof REGISTRATION_TYPES)[number];

export const GAIT_DESIGNATIONS = ['Singlefoot/Racking', 'Pacing'] as const;
export type GaitDesignation = (typeof GAIT_DESIGNATIONS)[number];

export const OWNER_TYPES = ['Joint', 'Single'] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];
export const OWNER_COUNT: Readonly<Record<OwnerType, number>> = { Joint: 2, Single: 1 };
export const DEFAULT_OWNER_TYPE: OwnerType = 'Single';

/** The API sends yes/no answers as these words, not booleans (spec §3.1). */
export const YES_NO = ['Yes', 'No'] as const;
export type YesNo = (typeof YES_NO)[number];

export const COLORS = [
  'Black',
  'Bay',
  'Brown',
  'Chestnut',
  'Sorrel',
  'Gray',
  'Palomino',
  'Buckskin',
  'Dun',
  'Grulla',
  'Red Roan',
  'Blue Roan',
  'Bay Roan',
  'Cremello',
  'Perlino',
  'Champagne',
  'Silver Dapple',
  'White',
  'Other',
] as const;
export type HorseColor = (typeof COLORS)[number];

export const PATTERNS = [
  'None',
  'Tobiano',
  'Overo',
  'Sabino',
  'Splashed White',
  'Tovero',
  'Appaloosa',
  'Rabicano',
  'Other',
] as const;
export type HorsePattern = (typeof PATTERNS)[number];

export const PAYMENT_METHODS = ['Credit Card', 'Bank'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const CARD_TYPES = ['MasterCard', 'VISA', 'Discover'] as const;
export type CardType = (typeof CARD_TYPES)[number];
export const ACCOUNT_TYPES = ['Checking', 'Savings'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const OTHER_REGISTRY_SLOTS = 4;
export const OTHER_REGISTRY_NAME_MAX = 50;
export const OTHER_REGISTRY_NUMBER_MAX = 30;

export const MARKING_DOCUMENTS_MIN = 4;
/** Not in the spec: an upper bound so one request cannot carry an unbounded number of files. */
export const MARKING_DOCUMENTS_MAX = 20;

export const DOCUMENT_MAX_BYTES = 10_485_760;
export const VIDEO_MAX_BYTES = 20 * 1024 * 1024;

export const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx', 'jpeg', 'jpg', 'png'] as const;
export type DocumentExtension = (typeof DOCUMENT_EXTENSIONS)[number];
export const MARKING_EXTENSIONS = ['png', 'jpeg', 'jpg'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'wmv'] as const;
export type VideoExtension = (typeof VIDEO_EXTENSIONS)[number];

/** For the API's magic-byte check and the download headers; the schemas judge by extension only. */
export const DOCUMENT_MIME_TYPES: Readonly<Record<DocumentExtension, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
};
export const VIDEO_MIME_TYPES: Readonly<Record<VideoExtension, string>> = {
  mp4: 'video/mp4',
  wmv: 'video/x-ms-wmv',
};

/** Values for an `<input type="file" accept>` attribute. */
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');
export const MARKING_ACCEPT = MARKING_EXTENSIONS.map((ext) => `.${ext}`).join(',');
export const VIDEO_ACCEPT = VIDEO_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export const PEDIGREE_PARENTS = ['sire', 'dam'] as const;
export type PedigreeParent = (typeof PEDIGREE_PARENTS)[number];
export const PEDIGREE_ANCESTORS = [
  'grand_sire',
  'grand_dam',
  'great_grand_sire',
  'great_grand_dam',
] as const;
export type PedigreeAncestor = (typeof PEDIGREE_ANCESTORS)[number];
/** Slot order fixes the `{n}` of the paperwork upload fields: 0 is the parent itself. */
export const PEDIGREE_SLOTS = ['parent', ...PEDIGREE_ANCESTORS] as const;
export type PedigreeSlot = (typeof PEDIGREE_SLOTS)[number];

/** Spec bounds stop at the ones above; these keep free text (and stored JSON) reasonable. */
export const SHORT_TEXT_MAX = 100;
export const LONG_TEXT_MAX = 500;
export const URL_MAX = 2048;
/** A 400x200 pad drawing as a PNG data URL is tens of kilobytes; this leaves ample room. */
export const SIGNATURE_MAX_LENGTH = 500_000;
