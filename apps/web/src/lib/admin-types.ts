/**
 * The administration objects of the API contract (docs/api.md "Administration"). Shared by the
 * members, admin-horses, approvals and dashboard features, which may not import each other.
 */
import type { AdminHorse, AdminHorseSummary, FieldChange, OwnerSummary } from '@registry/domain';

export type { AdminHorse, AdminHorseSummary, OwnerSummary };

export interface Member {
  id: string;
  email: string;
  memberNumber: string | null;
  firstName: string | null;
  lastName: string | null;
  name: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  active: boolean;
  /** False until the member has chosen a password from a Send credentials link. */
  hasPassword: boolean;
  horseCount: number;
  createdAt: string;
  updatedAt: string;
}

/** A member's change to an approved record, decided in the approval queue (docs/api.md). */
export interface ChangeRequest {
  id: string;
  horseId: string;
  horseName: string;
  registrationNumber: string | null;
  owner: OwnerSummary | null;
  requestedBy: OwnerSummary | null;
  status: 'pending' | 'approved' | 'rejected' | 'withdrawn';
  changes: FieldChange[];
  reason: string | null;
  createdAt: string;
  updatedAt: string;
  decidedAt: string | null;
}

export type HistoryType =
  | 'submitted'
  | 'edited'
  | 'paid'
  | 'payment'
  | 'approved'
  | 'rejected'
  | 'transferred'
  | 'resubmitted'
  | 'change-requested'
  | 'change-approved'
  | 'change-rejected'
  | 'other';

export interface HistoryEntry {
  at: string;
  type: HistoryType;
  action: string;
  by: { id: string; name: string; email: string } | null;
  details: Record<string, unknown> | null;
}

export type AdminHorseWithHistory = AdminHorse & { history: HistoryEntry[] };

export type SortOrder = 'asc' | 'desc';

export interface SortState<F extends string> {
  field: F;
  order: SortOrder;
}
