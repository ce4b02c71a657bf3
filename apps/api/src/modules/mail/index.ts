/**
 * The mail module's public face: what other API modules may use of it (the lint allows
 * nothing else across modules; docs/decisions/0113-api-module-faces.md). Files inside the module
 * import each other directly, never this file.
 */
export { enqueueMail } from './outbox.js';
export {
  bankVerificationMail,
  emailChangedMail,
  escapeHtml,
  horseApprovedMail,
  horseRejectedMail,
  memberCredentialsMail,
  otpMail,
  ownershipTransferMail,
  paymentResultMail,
  recordChangeDecidedMail,
  render,
  staffInvitationMail,
} from './templates.js';
export {
  transferFeeDueMail,
  transferInvitationMail,
  transferOfferedMail,
  transferStepMail,
} from './transfer-templates.js';
