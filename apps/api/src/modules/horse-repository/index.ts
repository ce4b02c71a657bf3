/**
 * The horse-repository module's public face: what other API modules may use of it (the lint allows
 * nothing else across modules; docs/decisions/0113-api-module-faces.md). Files inside the module
 * import each other directly, never this file.
 */
export { coveredKeys, feesOwed, feesPaidFor, followFees } from './fees.js';
export { loadHorse } from './horses.js';
export { horseNamesByIds } from './names.js';
export { openTransferOf, refuseIfTransferOpen } from './open-transfer.js';
export { fullName, ownerSummaries } from './owners.js';
export { diffRecords, recordValuesOf } from './record-values.js';
export { changesSince, recordFirstRevision, recordRevision } from './revisions.js';
export {
  ownSummaryColumns,
  perRowColumns,
  publicSummary,
  summaryColumns,
  toHorseSummary,
  totalOf,
  type OwnSummaryRow,
  type SummaryRow,
} from './summaries.js';
