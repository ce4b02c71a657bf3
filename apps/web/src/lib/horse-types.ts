/**
 * The horse objects of the API contract (docs/api.md "Horses (member)"). Shared by the horses
 * and search features, which may not import each other.
 */

/** A stored upload; `url` is signed and expires, so it is fetched fresh with the horse. */
export interface FileRef {
  id: string;
  name: string;
  mime: string;
  size: number;
  url: string;
}

export interface HorseAncestor {
  name: string;
  reg: string;
  otherRegName: string;
  otherRegNum: string;
  paperwork: FileRef | null;
}

export interface HorseParent extends HorseAncestor {
  grand_sire: HorseAncestor;
  grand_dam: HorseAncestor;
  great_grand_sire: HorseAncestor;
  great_grand_dam: HorseAncestor;
}

export interface HorseOwner {
  memberNum: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
}

export interface HorseMarkings {
  left?: string;
  right?: string;
  face?: string;
  chin?: string;
  frontLeg?: string;
  hindLeg?: string;
  maneColor?: string;
  tailColor?: string;
}

export interface HorseOtherRegistry {
  registryName: string;
  registryNumber: string;
  registryPaperwork: FileRef | null;
}

/** One changed value of a record; `field` is a path such as `sire.name` (docs/api.md). */
export interface FieldChange {
  field: string;
  from: string;
  to: string;
}

export interface PendingChange {
  id: string;
  submittedAt: string;
  changes: FieldChange[];
}

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];
export type PaymentStatus =
  'unpaid' | 'processing' | 'requires_action' | 'paid' | 'failed' | 'refunded' | 'disputed';

export interface Horse {
  _id: string;
  ownerId: string;
  registrationType: string;
  gaitDesignation: string;
  verified: string;
  performanceVerification: string;
  performanceLink: string;
  stateFoaledIn: string;
  breed: string;
  foalDate: string;
  breedingDate: string;
  bredBy: string;
  firstChoice: string;
  secondChoice: string;
  thirdChoice: string;
  sex: string;
  color: string;
  pattern: string;
  DNA: string;
  DNA_CASE: string;
  DNA_TEST_DATE: string;
  dnaTestSubmission: string;
  ownerType: string;
  registrationNum: string | null;
  approvedName: string | null;
  othermarkings: HorseMarkings;
  owners: HorseOwner[];
  checkedOwnerInfo: boolean;
  otherRegistries: HorseOtherRegistry[];
  sire: HorseParent;
  dam: HorseParent;
  registrationDocument: FileRef | null;
  performanceDocument: FileRef | null;
  markingDocuments: FileRef[];
  ownerSignature: FileRef | null;
  approvalStatus: ApprovalStatus;
  paymentStatus: PaymentStatus;
  paymentMode: string | null;
  /** The latest provider payment of the horse (docs/api.md "Payments"), null before any. */
  paymentIntentId?: string | null;
  /** Why the registry rejected it (shown to the owner); null otherwise. */
  rejectionReason?: string | null;
  /** A member's edit of the approved record waiting for the office; the fields stay approved. */
  pendingChange?: PendingChange | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * What search answers for other members' horses: no owners' addresses, no signature and no
 * documents other than marking photos. Fields the contract does not promise are optional.
 */
export type PublicHorse = Pick<Horse, '_id' | 'approvalStatus'> &
  Partial<
    Pick<
      Horse,
      | 'registrationType'
      | 'gaitDesignation'
      | 'verified'
      | 'stateFoaledIn'
      | 'breed'
      | 'foalDate'
      | 'bredBy'
      | 'firstChoice'
      | 'secondChoice'
      | 'thirdChoice'
      | 'sex'
      | 'color'
      | 'pattern'
      | 'registrationNum'
      | 'approvedName'
      | 'othermarkings'
      | 'sire'
      | 'dam'
      | 'markingDocuments'
      | 'updatedAt'
    >
  >;

/** The paged list shape of GET auth/horses and auth/horses/search. */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The name a member or visitor knows a horse by: the approved one, else the three choices. */
export function horseDisplayName(
  horse: Partial<Pick<Horse, 'approvedName' | 'firstChoice' | 'secondChoice' | 'thirdChoice'>>,
): string {
  if (horse.approvedName?.trim()) return horse.approvedName.trim();
  const choices = [horse.firstChoice, horse.secondChoice, horse.thirdChoice]
    .map((choice) => choice?.trim())
    .filter((choice): choice is string => Boolean(choice));
  return choices.length > 0 ? choices.join(' / ') : 'Unnamed horse';
}

export function isImageFile(file: Pick<FileRef, 'mime' | 'name'>): boolean {
  return file.mime.startsWith('image/') || /\.(png|jpe?g|gif|webp)$/i.test(file.name);
}
