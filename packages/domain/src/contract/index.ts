// The answers of the HTTP API, one module per area beside the request schemas (docs/architecture.md).
export * from './statuses.js';
export * from './page.js';
export * from './horse.js';
export * from './admin-horse.js';
export * from './payment.js';
export * from './statistics.js';
export * from './member.js';
export * from './change-request.js';
export * from './member-payment.js';
export * from './payment-ledger.js';
