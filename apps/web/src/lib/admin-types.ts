/**
 * The administration objects of the API contract (docs/api.md "Administration"). Shared by the
 * members, admin-horses, approvals and dashboard features, which may not import each other.
 */
import type { Horse } from './horse-types';

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

export interface OwnerSummary {
  id: string;
  email: string;
  name: string;
  memberNumber: string | null;
  active: boolean;
}

/** The administrator's view of a horse: the owner's view plus who owns it and the decision. */
export interface AdminHorse extends Horse {
  owner: OwnerSummary | null;
  decidedAt: string | null;
  decidedById: string | null;
  rejectionReason?: string | null;
}

export type HistoryType =
  'submitted' | 'edited' | 'paid' | 'payment' | 'approved' | 'rejected' | 'transferred' | 'other';

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
