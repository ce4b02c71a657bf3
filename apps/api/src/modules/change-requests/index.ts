/**
 * The change-requests module's public face: what other API modules may use of it (the lint allows
 * nothing else across modules; docs/decisions/0113-api-module-faces.md). Files inside the module
 * import each other directly, never this file.
 */
export { pendingChangeOf, pendingChanges, type PendingChange } from './pending.js';
export { diffRecords, recordValuesOf } from './record-diff.js';
export { RESUBMIT_ACTION, resubmissions, type Resubmission } from './resubmission.js';
export { editApprovedRecord, withdrawPendingChange } from './service.js';
