/**
 * The payments module's public face: what other API modules may use of it (the lint allows
 * nothing else across modules; docs/decisions/0113-api-module-faces.md). Files inside the module
 * import each other directly, never this file.
 */
export { chargeAnswers, chargeFields, clientOf, parseBilling, sendChargeAnswer } from './http.js';
export { latestPaymentIntentId } from './latest.js';
export { idempotencyKeyFor, type ChargeMethod } from './provider.js';
export { cancelWaitingPayment } from './reversals.js';
export {
  achMandate,
  chargeAndRecord,
  insertPayment,
  isUniqueViolation,
  type ChargedPayment,
  type PaymentDeps,
} from './service.js';
