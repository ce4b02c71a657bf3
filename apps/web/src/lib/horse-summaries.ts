/**
 * The rows of GET auth/horses/search, auth/horses and auth/pending-horses (docs/api.md
 * "HorseSummary"); the full record is fetched when a row is opened. Declared in the domain.
 */
export type { HorseSummary, PublicHorseSummary } from '@registry/domain';
