/**
 * The administration objects of the API contract (docs/api.md "Administration"). Shared by the
 * members, admin-horses, approvals and dashboard features, which may not import each other.
 */
import type {
  AdminHorse,
  AdminHorseSummary,
  ChangeRequest,
  HistoryEntry,
  HistoryType,
  Member,
  OwnerSummary,
} from '@registry/domain';

// The API's own response schemas (packages/domain/src/contract), imported as types only.
export type {
  AdminHorse,
  AdminHorseSummary,
  ChangeRequest,
  HistoryEntry,
  HistoryType,
  Member,
  OwnerSummary,
};

export type AdminHorseWithHistory = AdminHorse & { history: HistoryEntry[] };

export type SortOrder = 'asc' | 'desc';

export interface SortState<F extends string> {
  field: F;
  order: SortOrder;
}
