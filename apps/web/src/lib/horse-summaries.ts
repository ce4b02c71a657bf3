import type { ApprovalStatus, PaymentStatus } from './horse-types';

/**
 * The rows of GET auth/horses/search (docs/api.md "HorseSummary"): what a results list shows.
 * The full public record is GET auth/horses/search/:id, fetched when a row is opened.
 */
export interface PublicHorseSummary {
  _id: string;
  approvedName: string | null;
  registrationNum: string | null;
  approvalStatus: ApprovalStatus;
  sex: string;
  color: string;
  gaitDesignation: string;
  stateFoaledIn: string;
  foalDate: string;
  sireName: string;
  damName: string;
  createdAt: string;
  updatedAt: string;
}

/** The rows of GET auth/horses and auth/pending-horses; the record is GET members/horses/:id. */
export interface HorseSummary extends PublicHorseSummary {
  firstChoice: string;
  secondChoice: string;
  thirdChoice: string;
  ownerId: string;
  paymentStatus: PaymentStatus;
  paymentMode: string | null;
  paymentIntentId: string | null;
  performanceVerification: string;
  rejectionReason: string | null;
  /** An edit of the approved record waits for the office. */
  changePending: boolean;
}
